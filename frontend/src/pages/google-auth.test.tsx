import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import type { User } from "@/lib/auth";
import { renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

const apple = { _id: "2", name: "APPLE", image: "/categories/apple.svg" };
const karim: User = { _id: "5", userName: "Karim", email: "karim@gmail.com", userPhoto: "", role: "Buyer", verify: "" };

describe("/auth/google", () => {
  it("exchanges the code exactly once (even in StrictMode), signs in and goes to from", async () => {
    const fetchMock = stubApi({
      "/api/categorys": [apple],
      "/api/categorys/2": apple,
      "/api/me": karim,
      "POST /api/auth/google/exchange": reply(200, { accessToken: "tok-karim", user: karim }),
    });
    const router = renderApp("/auth/google?code=one-time-123&from=%2Fcategorys%2F2", { strict: true });

    expect(await screen.findByText("LogIn Success")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/categorys/2"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("tok-karim");
    const calls = requestsTo(fetchMock, "/api/auth/google/exchange", "POST");
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ code: "one-time-123" });
  });

  it("goes to /home without a from, and never off the site", async () => {
    stubApi({
      "/api/categorys": [],
      "POST /api/auth/google/exchange": reply(200, { accessToken: "tok", user: karim }),
    });
    const router = renderApp("/auth/google?code=abc&from=%2F%2Fevil.example%2Fphish");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("shows a rejected code's message and a way back to log in", async () => {
    stubApi({
      "/api/categorys": [],
      "POST /api/auth/google/exchange": reply(401, { message: "This sign-in link has expired or was already used" }),
    });
    renderApp("/auth/google?code=used");
    expect(await screen.findByText("This sign-in link has expired or was already used")).toHaveClass("text-error");
    expect(screen.getByRole("link", { name: "Back to Log In" })).toHaveAttribute("href", "/login");
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

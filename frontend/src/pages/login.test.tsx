import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import type { User } from "@/lib/auth";
import { renderApp, reply, requestsTo, stubApi, type Responder } from "@/test/render-app";

const apple = { _id: "2", name: "APPLE", image: "/categories/apple.svg" };
const rahim: User = { _id: "42", userName: "Rahim Uddin", email: "rahim@example.com", userPhoto: "/uploads/rahim.jpg", role: "Buyer", verify: "" };
const config = (googleEnabled: boolean) => ({ stripePublishableKey: null, currency: "bdt", googleEnabled });

/** A Responder that waits until release() is called, to look at the busy state. */
function held(answer: Responder) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const responder: Responder = async (init) => {
    await gate;
    return answer(init);
  };
  return { responder, release: () => release() };
}

async function fillLogin(email: string, password: string) {
  await userEvent.type(screen.getByLabelText("Email"), email);
  await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Login" }));
}

describe("login page", () => {
  it("signs in, stores the token, toasts and returns to the page the guard came from", async () => {
    const fetchMock = stubApi({
      "/api/categorys": [apple],
      "/api/categorys/2": apple,
      "/api/config": config(false),
      "/api/me": rahim,
      "POST /api/auth/login": reply(200, { accessToken: "tok-rahim", user: rahim }),
    });
    const router = renderApp("/categorys/2");
    await screen.findByRole("heading", { name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");

    await fillLogin("rahim@example.com", "correct horse");

    expect(await screen.findByText("Login Success")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/categorys/2"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("tok-rahim");
    expect(await screen.findByRole("img", { name: "Rahim Uddin" })).toHaveAttribute("src", "/uploads/rahim.jpg");
    const [init] = requestsTo(fetchMock, "/api/auth/login", "POST");
    expect(JSON.parse(init!.body as string)).toEqual({ email: "rahim@example.com", password: "correct horse" });
  });

  it("goes to /home when nothing says where the user came from", async () => {
    stubApi({
      "/api/categorys": [],
      "/api/config": config(false),
      "POST /api/auth/login": reply(200, { accessToken: "tok", user: rahim }),
    });
    const router = renderApp("/login");
    await fillLogin("rahim@example.com", "correct horse");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("shows the server's message in red under the password and stops the spinner", async () => {
    const gate = held(reply(401, { message: "Invalid email or password" }));
    stubApi({ "/api/categorys": [], "/api/config": config(false), "POST /api/auth/login": gate.responder });
    const router = renderApp("/login");

    await fillLogin("rahim@example.com", "wrong password");
    const button = screen.getByRole("button", { name: "Login" });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector(".loading-spinner")).not.toBeNull();

    gate.release();
    const message = await screen.findByText("Invalid email or password");
    expect(message).toHaveClass("text-error");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Invalid email or password");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(button).toBeEnabled());
    expect(button.querySelector(".loading-spinner")).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows the throttling message of a 429", async () => {
    stubApi({
      "/api/categorys": [],
      "/api/config": config(false),
      "POST /api/auth/login": reply(429, { message: "Too many failed log-ins. Try again in 15 minutes." }, { "Retry-After": "900" }),
    });
    renderApp("/login");
    await fillLogin("rahim@example.com", "wrong password");
    expect(await screen.findByText("Too many failed log-ins. Try again in 15 minutes.")).toHaveClass("text-error");
  });

  it("hides the Google button when the server has Google sign-in off", async () => {
    const fetchMock = stubApi({ "/api/categorys": [], "/api/config": config(false) });
    renderApp("/login");
    await waitFor(() => expect(requestsTo(fetchMock, "/api/config")).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("link", { name: /google/i })).not.toBeInTheDocument();
  });

  it("shows the Google button, carrying where to return, when Google sign-in is on", async () => {
    stubApi({ "/api/categorys": [apple], "/api/config": config(true) });
    renderApp("/categorys/2");
    const google = await screen.findByRole("link", { name: "Continue with Google" });
    expect(google).toHaveAttribute("href", "/api/auth/google/login?from=%2Fcategorys%2F2");
  });

  it("shows a failed Google round trip's message in red", async () => {
    stubApi({ "/api/categorys": [], "/api/config": config(true) });
    renderApp("/login?error=Google%20sign-in%20was%20cancelled");
    expect(await screen.findByText("Google sign-in was cancelled")).toHaveClass("text-error");
  });

  it("has a Forgot password link to /forgot-password, and a link to sign up", async () => {
    stubApi({ "/api/categorys": [], "/api/config": config(false) });
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
  });

  it("tells a visitor sent from a brand's page why they must log in", async () => {
    stubApi({
      "/api/categorys": [{ _id: "3", name: "HP", image: "/categories/hp.svg" }],
      "/api/config": config(false),
    });
    renderApp("/categorys/3");
    expect(await screen.findByText("Log in to see all HP laptops.")).toBeInTheDocument();
  });

  it("says nothing of a reason to a visitor who came to log in of their own accord", async () => {
    stubApi({ "/api/categorys": [], "/api/config": config(false) });
    renderApp("/login");
    await screen.findByRole("link", { name: "Create an account" });
    expect(screen.queryByText(/^Log in to /)).not.toBeInTheDocument();
  });

  it("sends a signed-in user to /home", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/categorys": [], "/api/config": config(false), "/api/me": rahim });
    const router = renderApp("/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });
});

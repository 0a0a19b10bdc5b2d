import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { renderApp, stubApi } from "@/test/render-app";

describe("error page", () => {
  it("shows 404, the error text and Go to Home for an unknown route", async () => {
    stubApi({ "/api/categorys": [] });
    renderApp("/no/such/page");

    expect(await screen.findByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Not Found");
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    // inside the site's frame: the header with its menu and search, and the footer
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("search")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("shows the API's message when a category does not exist", async () => {
    // React and the router log the caught render error; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem(TOKEN_KEY, "t");
    stubApi({
      "/api/categorys": [],
      "/api/me": { _id: "1", userName: "A", email: "a@example.com", userPhoto: "", role: "Buyer", verify: "" },
    });
    renderApp("/categorys/99");

    expect(await screen.findByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Not found");
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import type { User } from "@/lib/auth";
import { renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

const categories = [
  { _id: "1", name: "WALTON", image: "/categories/walton.svg" },
  { _id: "2", name: "APPLE", image: "/categories/apple.svg" },
  { _id: "3", name: "HP", image: "/categories/hp.svg" },
  { _id: "4", name: "ASUS", image: "/categories/asus.svg" },
];

const rahim: User = {
  _id: "42",
  userName: "Rahim Uddin",
  email: "rahim@example.com",
  userPhoto: "/uploads/rahim.jpg",
  role: "Buyer",
  verify: "",
};

describe("public layout", () => {
  it("shows Home, Blog and Log In when signed out", async () => {
    const fetchMock = stubApi({ "/api/categorys": categories });
    renderApp("/blog");

    const primary = screen.getByRole("list", { name: "Primary" });
    expect(within(primary).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(primary).getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    expect(within(primary).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button", { name: "Log Out" })).not.toBeInTheDocument();
    // Signed out: no call for the user at all.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((c) => c[0])).not.toContain("/api/me");
  });

  it("shows Dashboard, Log Out and the photo when /api/me answers a user", async () => {
    localStorage.setItem(TOKEN_KEY, "good-token");
    stubApi({ "/api/categorys": categories, "/api/me": rahim });
    renderApp("/");

    const logout = await screen.findByRole("button", { name: "Log Out" });
    const primary = screen.getByRole("list", { name: "Primary" });
    expect(within(primary).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("img", { name: "Rahim Uddin" })).toHaveAttribute("src", "/uploads/rahim.jpg");
    expect(screen.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();

    await userEvent.click(logout);
    expect(await screen.findByRole("link", { name: "Log In" })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("logs out on the server, forgets the token and the cached user, and goes to /home", async () => {
    localStorage.setItem(TOKEN_KEY, "good-token");
    const fetchMock = stubApi({
      "/api/categorys": categories,
      "/api/categorys/2": categories[1],
      "/api/me": rahim,
      "POST /api/auth/logout": reply(204),
    });
    const router = renderApp("/categorys/2");

    await userEvent.click(await screen.findByRole("button", { name: "Log Out" }));

    expect(await screen.findByRole("link", { name: "Log In" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    const [init] = requestsTo(fetchMock, "/api/auth/logout", "POST");
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer good-token");
    // the user's answer is gone from SWR's cache; public answers stay
    expect(router.cache.get("/api/me")?.data).toBeUndefined();
    expect(screen.getByRole("navigation", { name: "Categories" })).toHaveTextContent("WALTON");
  });

  it("logs out locally even when the server cannot be reached", async () => {
    localStorage.setItem(TOKEN_KEY, "good-token");
    stubApi({ "/api/categorys": categories, "/api/me": rahim, "POST /api/auth/logout": () => Promise.reject(new TypeError("offline")) });
    const router = renderApp("/blog");

    await userEvent.click(await screen.findByRole("button", { name: "Log Out" }));
    expect(await screen.findByRole("link", { name: "Log In" })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe("/home");
  });

  it("treats a rejected token as signed out", async () => {
    localStorage.setItem(TOKEN_KEY, "stale");
    stubApi({ "/api/categorys": categories }); // /api/me is not listed: 404
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Log In" })).toBeInTheDocument();
  });

  it("lists the categories in the footer, each linking to its page", async () => {
    stubApi({ "/api/categorys": categories });
    renderApp("/blog");

    const footerNav = screen.getByRole("navigation", { name: "Categories" });
    await within(footerNav).findByRole("link", { name: "WALTON" });
    const links = within(footerNav).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["WALTON", "/categorys/1"],
      ["APPLE", "/categorys/2"],
      ["HP", "/categorys/3"],
      ["ASUS", "/categorys/4"],
    ]);
    expect(screen.getByRole("contentinfo")).toHaveTextContent("the best place to buy and sell secondhand products");
  });

  it("shows the category tiles on home", async () => {
    stubApi({ "/api/categorys": categories });
    renderApp("/home");

    const section = screen.getByRole("region", { name: "Shop by brand" });
    const tile = await within(section).findByRole("link", { name: "HP" });
    expect(tile).toHaveAttribute("href", "/categorys/3");
    expect(tile.querySelector("img")).toHaveAttribute("src", "/categories/hp.svg");
    expect(within(section).getAllByRole("link")).toHaveLength(4);
  });
});

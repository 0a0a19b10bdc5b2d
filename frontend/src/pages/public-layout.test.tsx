import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { act } from "react";
import { apiFetch, TOKEN_KEY } from "@/lib/api";
import { announceAccountChange, type User } from "@/lib/auth";
import { jsonResponse, renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

/** logOutFromMenu opens the account menu, presses Log Out and answers the question with `yes`. */
async function logOutFromMenu(yes = true) {
  await userEvent.click(await screen.findByRole("button", { name: "Account menu" }));
  await userEvent.click(screen.getByRole("button", { name: "Log Out" }));
  const question = await screen.findByRole("alertdialog", { name: "Log out of Resale?" });
  await userEvent.click(within(question).getByRole("button", { name: yes ? "Log Out" : "Cancel" }));
}

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
    expect(screen.queryByRole("button", { name: "Account menu" })).not.toBeInTheDocument();
    // Signed out: no call for the user at all.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((c) => c[0])).not.toContain("/api/me");
  });

  it("shows Dashboard and the photo when /api/me answers a user; Log Out is in the account menu, not on the bar", async () => {
    localStorage.setItem(TOKEN_KEY, "good-token");
    stubApi({ "/api/categorys": categories, "/api/me": rahim });
    renderApp("/");

    const account = await screen.findByRole("button", { name: "Account menu" });
    const primary = screen.getByRole("list", { name: "Primary" });
    expect(within(primary).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(account).getByRole("img", { name: "Rahim Uddin" })).toHaveAttribute("src", "/uploads/rahim.jpg");
    expect(screen.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    // the bar itself has no Log Out
    expect(screen.queryByRole("button", { name: "Log Out" })).not.toBeInTheDocument();
    expect(account).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(account);
    expect(account).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("list", { name: "Account menu" });
    expect(within(menu).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["My Booking", "/dashboard/mybooking"],
      ["Messages", "/dashboard/messages"],
      ["Favourites", "/dashboard/favourites"],
      ["Saved searches", "/dashboard/saved-searches"],
      ["Account settings", "/settings"],
    ]);
    // Escape closes it and gives the keyboard back to its button
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("list", { name: "Account menu" })).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it("lists a seller's leads, products and shop page in the account menu; a followed link closes it", async () => {
    localStorage.setItem(TOKEN_KEY, "good-token");
    stubApi({ "/api/categorys": categories, "/api/me": { ...rahim, role: "Seller" } });
    const router = renderApp("/blog");

    await userEvent.click(await screen.findByRole("button", { name: "Account menu" }));
    const menu = screen.getByRole("list", { name: "Account menu" });
    expect(within(menu).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
      "/dashboard/leads",
      "/dashboard/myproducts",
      "/seller/42",
      "/dashboard/messages",
      "/dashboard/mybooking",
      "/dashboard/favourites",
      "/dashboard/saved-searches",
      "/settings",
    ]);
    await userEvent.click(within(menu).getByRole("link", { name: "View my shop" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/42"));
    expect(screen.queryByRole("list", { name: "Account menu" })).not.toBeInTheDocument();
  });

  it("asks before logging out: Cancel keeps the user signed in", async () => {
    localStorage.setItem(TOKEN_KEY, "good-token");
    const fetchMock = stubApi({ "/api/categorys": categories, "/api/me": rahim, "POST /api/auth/logout": reply(204) });
    renderApp("/blog");

    await logOutFromMenu(false);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Account menu" })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe("good-token");
    expect(requestsTo(fetchMock, "/api/auth/logout", "POST")).toHaveLength(0);

    await logOutFromMenu(true);
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

    await logOutFromMenu();

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

    await logOutFromMenu();
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

  describe("the verify banner", () => {
    const banner = /Please verify your email/;
    /** An unverified Rahim whose /api/me says verified once `verified.now` is set. */
    function unverified() {
      const verified = { now: false };
      const api = stubApi({
        "/api/categorys": categories,
        "/api/config": { mailEnabled: true },
        "/api/me": () => jsonResponse(200, { ...rahim, emailVerified: verified.now }),
        "POST /api/favourites": reply(201, {}),
      });
      localStorage.setItem(TOKEN_KEY, "good-token");
      renderApp("/blog");
      return { verified, api };
    }

    it("goes when another tab verifies the email (it says so on the account channel)", async () => {
      const { verified } = unverified();
      expect(await screen.findByText(banner)).toBeInTheDocument();
      verified.now = true;
      announceAccountChange();
      await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
    });

    it("goes when the tab comes back into view after the email was verified elsewhere", async () => {
      const { verified } = unverified();
      expect(await screen.findByText(banner)).toBeInTheDocument();
      verified.now = true;
      act(() => {
        window.dispatchEvent(new Event("focus"));
      });
      await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
    });

    it("goes when the next write goes through and /api/me says verified; a write alone changes nothing", async () => {
      const { verified, api } = unverified();
      expect(await screen.findByText(banner)).toBeInTheDocument();
      const asked = () => api.mock.calls.filter((c) => c[0] === "/api/me").length;
      const before = asked();
      await act(() => apiFetch("/api/favourites", { method: "POST", json: { productId: "1" } }));
      await waitFor(() => expect(asked()).toBeGreaterThan(before));
      expect(screen.getByText(banner)).toBeInTheDocument(); // still unverified: still there
      verified.now = true;
      await act(() => apiFetch("/api/favourites", { method: "POST", json: { productId: "1" } }));
      await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
    });

    it("goes when another tab signs in with a new token (a verification's own)", async () => {
      const { verified } = unverified();
      expect(await screen.findByText(banner)).toBeInTheDocument();
      verified.now = true;
      act(() => {
        localStorage.setItem(TOKEN_KEY, "newer-token");
        window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_KEY }));
      });
      await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
    });
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, stubApi } from "@/test/render-app";

const REPORTED = "/api/products/report?report=reported";

describe("dashboard menu", () => {
  it("puts an admin's Overview first, then Reported Products with the reports waiting, + when the API names a next page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi({
      "/api/me": admin,
      "/api/categorys": categories,
      ["/api/bookings?email=" + encodeURIComponent(admin.email)]: [],
      [REPORTED]: () =>
        jsonResponse(200, [product({ report: "reported" }), product({ report: "reported" })], {
          Link: `<${REPORTED}&cursor=x>; rel="next"`,
        }),
    });
    renderApp("/dashboard/mybooking");
    const menu = await screen.findByRole("navigation", { name: "Dashboard" });
    const reported = await within(menu).findByRole("link", { name: "Reported Products" });
    expect(await within(menu).findByText("2+")).toBeInTheDocument();
    expect(reported).toHaveAccessibleDescription("2+ waiting");
    expect(within(menu).getAllByRole("link").map((l) => l.getAttribute("href"))).toEqual([
      "/dashboard/overview",
      "/dashboard/repotedproducts",
      "/dashboard/conversations",
      "/dashboard/allusers",
      "/dashboard/allbuyer",
      "/dashboard/allseller",
      "/dashboard/categories",
      "/dashboard/price-reference",
      "/dashboard/leads",
      "/dashboard/ledger", // #34: every payment, refund, commission and payout
      "/dashboard/mail",
      "/dashboard/audit",
      "/dashboard/stolen", // #40: stolen laptops registered, to confirm
      "/dashboard/messages",
      "/dashboard/mybooking",
      "/dashboard/favourites",
      "/dashboard/saved-searches",
    ]);
    // the new leads wait for their sellers: no count (and no asking) for an admin
    expect(within(menu).getByRole("link", { name: "Leads" })).not.toHaveAccessibleDescription();
    expect(mock.mock.calls.some(([url]) => String(url).includes("/api/leads/new"))).toBe(false);
  });

  it("shows a buyer My Booking and Messages only, and asks nothing about reports", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi({ "/api/me": buyer, "/api/categorys": categories, ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [] });
    renderApp("/dashboard/mybooking");
    const menu = await screen.findByRole("navigation", { name: "Dashboard" });
    expect(within(menu).getAllByRole("link").map((l) => l.textContent)).toEqual(["My Booking", "Messages", "Favourites", "Saved searches"]);
    expect(mock.mock.calls.some(([url]) => String(url).includes("/api/products/report"))).toBe(false);
    expect(mock.mock.calls.some(([url]) => String(url).includes("/api/leads"))).toBe(false);
  });

  it("puts a seller's Leads first with the count of new leads; /dashboard stays My Booking", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi({
      "/api/me": seller,
      "/api/categorys": categories,
      ["/api/bookings?email=" + encodeURIComponent(seller.email)]: [],
      "/api/leads/new": { count: 3 },
    });
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    const menu = await screen.findByRole("navigation", { name: "Dashboard" });
    const leads = within(menu).getByRole("link", { name: "Leads" });
    expect(await within(menu).findByText("3")).toBeInTheDocument();
    expect(leads).toHaveAccessibleDescription("3 waiting");
    expect(within(menu).getAllByRole("link").map((l) => l.getAttribute("href"))).toEqual([
      "/dashboard/leads",
      "/dashboard/messages",
      "/dashboard/addproduct",
      "/dashboard/myproducts",
      "/dashboard/shop", // #37 Edit my shop: logo, banner, address, hours, map, about
      `/seller/${seller._id}`, // View my shop: their public page
      "/dashboard/numbers", // #37: views, calls, chats, favourites, bookings
      "/dashboard/balance", // #34: earned, paid out, owed
      "/dashboard/mybooking",
      "/dashboard/favourites",
      "/dashboard/saved-searches",
    ]);
    // the reports are the admin's
    expect(mock.mock.calls.some(([url]) => String(url).includes("/api/products/report"))).toBe(false);
  });

  it("shows no count beside a seller's Leads when none are new", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi({
      "/api/me": seller,
      "/api/categorys": categories,
      ["/api/bookings?email=" + encodeURIComponent(seller.email)]: [],
      "/api/leads/new": { count: 0 },
    });
    renderApp("/dashboard/mybooking");
    const menu = await screen.findByRole("navigation", { name: "Dashboard" });
    await within(menu).findByRole("link", { name: "Leads" });
    await waitFor(() => expect(mock.mock.calls.some(([url]) => String(url) === "/api/leads/new")).toBe(true));
    expect(within(menu).getByRole("link", { name: "Leads" })).not.toHaveAccessibleDescription();
    expect(within(menu).queryByText("0")).not.toBeInTheDocument();
  });

  it("counts every role's conversations with unread messages beside Messages", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [],
      "/api/conversations/unread": { count: 2 },
    });
    renderApp("/dashboard/mybooking");
    const menu = await screen.findByRole("navigation", { name: "Dashboard" });
    const messages = within(menu).getByRole("link", { name: "Messages" });
    expect(await within(menu).findByText("2")).toBeInTheDocument();
    expect(messages).toHaveAccessibleDescription("2 unread");
    expect(messages).toHaveAttribute("href", "/dashboard/messages");
  });
});

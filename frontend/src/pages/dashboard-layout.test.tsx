import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories, product } from "@/test/fixtures";
import { jsonResponse, renderApp, stubApi } from "@/test/render-app";

const REPORTED = "/api/products/report?report=reported";

describe("dashboard menu", () => {
  it("puts an admin's Reported Products first with the reports waiting, + when the API names a next page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({
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
      "/dashboard/repotedproducts",
      "/dashboard/allusers",
      "/dashboard/allbuyer",
      "/dashboard/allseller",
      "/dashboard/mail",
      "/dashboard/mybooking",
    ]);
  });

  it("shows a buyer My Booking alone, and asks nothing about reports", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi({ "/api/me": buyer, "/api/categorys": categories, ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [] });
    renderApp("/dashboard/mybooking");
    const menu = await screen.findByRole("navigation", { name: "Dashboard" });
    expect(within(menu).getAllByRole("link").map((l) => l.textContent)).toEqual(["My Booking"]);
    expect(mock.mock.calls.some(([url]) => String(url).includes("/api/products/report"))).toBe(false);
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminStats, DayStats } from "@/api/admin-stats";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { admin, buyer, categories } from "@/test/fixtures";
import { renderApp, reply, stubApi } from "@/test/render-app";

// uPlot draws on a canvas jsdom does not have: a stand-in records what each chart was given
const charts = vi.hoisted(() => [] as { data: number[][]; destroyed: boolean }[]);
vi.mock("@/lib/load-uplot", () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    width = 300;
    entry: { data: number[][]; destroyed: boolean };
    constructor(_opts: unknown, data: number[][], el: HTMLElement) {
      this.entry = { data, destroyed: false };
      charts.push(this.entry);
      el.appendChild(document.createElement("canvas"));
    }
    setSize() {}
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { loadUPlot: async () => FakePlot };
});

function day(i: number, edit: Partial<DayStats> = {}): DayStats {
  const d = new Date(Date.UTC(2026, 9, 25 + i));
  return { date: d.toISOString().slice(0, 10), listings: 0, bookings: 0, payments: 0, revenue: 0, reports: 0, ...edit };
}

function stats(): AdminStats {
  const days = Array.from({ length: 30 }, (_, i) => day(i));
  days[10] = day(10, { listings: 9, bookings: 2 });
  days[29] = day(29, { listings: 3, bookings: 5, payments: 2, revenue: 76000, reports: 4 });
  return {
    timeZone: "Asia/Dhaka",
    currency: "bdt",
    today: days[29]!,
    days,
    totals: { availableListings: 1234, sellers: 12, buyers: 340, unverifiedSellers: 3, openReports: 2 },
  };
}

const tile = (id: string) => document.querySelector(`[data-stat="${id}"]`);

describe("admin overview", () => {
  it("lands an admin's /dashboard on Overview, first in the menu, with today's numbers, the totals and five charts", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    charts.length = 0;
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/admin/stats": stats(), "/api/products/report?report=reported": [] });
    const router = renderApp("/dashboard");
    // the page's chunk loads on the first visit
    expect(await screen.findByRole("heading", { name: "Overview", level: 1 }, { timeout: 10000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/overview");
    const menu = screen.getByRole("navigation", { name: "Dashboard" });
    expect(within(menu).getAllByRole("link")[0]).toHaveAttribute("href", "/dashboard/overview");
    expect(within(menu).getByRole("link", { name: "Overview" })).toHaveClass("menu-active");

    expect(screen.getByRole("heading", { name: "Today, Nov 23" })).toBeInTheDocument();
    expect(tile("today-listings")).toHaveTextContent("3");
    expect(tile("today-bookings")).toHaveTextContent("5");
    expect(tile("today-payments")).toHaveTextContent("2");
    expect(tile("today-revenue")).toHaveTextContent("76,000 Tk");
    expect(tile("today-reports")).toHaveTextContent("4");
    expect(tile("total-listings")).toHaveTextContent("1,234");
    expect(tile("total-unverified")).toHaveTextContent("3");
    const shop = screen.getByRole("region", { name: "The shop now" });
    expect(within(shop).getByRole("link", { name: "All Seller" })).toHaveAttribute("href", "/dashboard/allseller");
    expect(within(shop).getByRole("link", { name: "Reported Products" })).toHaveAttribute("href", "/dashboard/repotedproducts");

    // each chart in words for those who cannot see the canvas
    const listings = screen.getByRole("figure", { name: "New listings" });
    expect(within(listings).getByText("12 in 30 days; the busiest day was Nov 4 with 9; today 3.")).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Revenue (Tk)" })).toHaveTextContent("76,000 Tk in 30 days");
    expect(screen.getByRole("figure", { name: "Reports received" })).toHaveTextContent("4 in 30 days");
    // and every number in a table, newest day first
    await userEvent.click(screen.getByText("The numbers by day"));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent(/^Nov 23\s*3\s*5\s*2\s*76,000 Tk\s*4$/);

    // the charts load their library and draw the 30 days
    await waitFor(() => expect(charts.filter((c) => !c.destroyed)).toHaveLength(5));
    const drawn = charts.filter((c) => !c.destroyed).map((c) => c.data[1]);
    expect(drawn[0]![29]).toBe(3);
    expect(drawn[3]![29]).toBe(76000);
    for (const fig of screen.getAllByRole("figure")) expect(fig.querySelector("[data-chart]")).toHaveAttribute("aria-hidden", "true");
  });

  it("shows the overview in Bangla with Bengali digits", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    localStorage.setItem(LANG_KEY, "bn");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/admin/stats": stats(), "/api/products/report?report=reported": [] });
    renderApp("/dashboard/overview");
    expect(await screen.findByRole("heading", { name: "সারসংক্ষেপ", level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(tile("today-listings")).toHaveTextContent("৩");
    expect(tile("today-revenue")).toHaveTextContent("৳৭৬,০০০");
    expect(tile("total-listings")).toHaveTextContent("১,২৩৪");
  });

  it("says so when the overview cannot load", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/admin/stats": reply(500, { message: "Internal server error" }), "/api/products/report?report=reported": [] });
    renderApp("/dashboard/overview");
    expect(await screen.findByText("We couldn't load the overview. Please refresh the page in a moment.")).toBeInTheDocument();
  });

  it("keeps a buyer's /dashboard on My Booking and never asks for the stats", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi({ "/api/me": buyer, "/api/categorys": categories, ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [] });
    const router = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(mock.mock.calls.some(([url]) => String(url).includes("/api/admin/stats"))).toBe(false);
  });
});

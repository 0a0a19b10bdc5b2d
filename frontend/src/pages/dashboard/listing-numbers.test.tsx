import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ListingDay, ListingStats, SellerStats } from "@/api/listing-stats";
import { TOKEN_KEY } from "@/lib/api";
import { categories, product, seller } from "@/test/fixtures";
import { renderApp, requestsTo, stubApi } from "@/test/render-app";

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

function day(i: number, edit: Partial<ListingDay> = {}): ListingDay {
  const d = new Date(Date.UTC(2026, 9, 30 + i));
  return { date: d.toISOString().slice(0, 10), views: 0, reveals: 0, chats: 0, favourites: 0, bookings: 0, ...edit };
}

function thirtyDays(): ListingDay[] {
  const days = Array.from({ length: 30 }, (_, i) => day(i));
  days[20] = day(20, { views: 7, reveals: 2, chats: 1 });
  days[29] = day(29, { views: 3, chats: 2, favourites: 1, bookings: 1 });
  return days;
}

const stats: ListingStats = {
  productId: "12",
  productName: "HP EliteBook 840 G5",
  timeZone: "Asia/Dhaka",
  days: thirtyDays(),
  totals: { views: 10, reveals: 2, chats: 3, favourites: 1, bookings: 1 },
};

const total = (c: string) => document.querySelector(`[data-total="${c}"]`);
const lastChart = () => charts.filter((c) => !c.destroyed).at(-1)!;

describe("a listing's numbers", () => {
  it("shows the seller the 30 days' totals, the views by day, and another number's days on a tap", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    charts.length = 0;
    stubApi({ "/api/me": seller, "/api/categorys": categories, "/api/products/12/stats": stats, "/api/leads/new": { count: 0 } });
    renderApp("/dashboard/products/12/numbers");

    expect(await screen.findByRole("heading", { name: "Numbers", level: 1 }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "HP EliteBook 840 G5" })).toHaveAttribute("href", "/product/12");
    expect(total("views")).toHaveTextContent("10");
    expect(total("reveals")).toHaveTextContent("2");
    expect(total("chats")).toHaveTextContent("3");
    expect(total("favourites")).toHaveTextContent("1");
    expect(total("bookings")).toHaveTextContent("1");

    const figure = screen.getByRole("figure", { name: "Views, the last 30 days" });
    expect(within(figure).getByText("10 in 30 days; the busiest day was Nov 19 with 7; today 3.")).toBeInTheDocument();
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    expect(lastChart().data[1]).toEqual(stats.days.map((d) => d.views));

    const chats = screen.getByRole("button", { name: /Chats started/ });
    expect(chats).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(chats);
    expect(chats).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("figure", { name: "Chats started, the last 30 days" })).toHaveTextContent("3 in 30 days; the busiest day was Nov 28 with 2; today 2.");
    await waitFor(() => expect(lastChart().data[1]).toEqual(stats.days.map((d) => d.chats)));

    // the same days as figures, newest first
    const table = screen.getByRole("table", { name: "The last 30 days" });
    const first = within(table).getAllByRole("row")[1]!;
    expect(within(first).getByRole("rowheader")).toHaveTextContent("Nov 28");
    expect(within(first).getAllByRole("cell").map((c) => c.textContent)).toEqual(["3", "0", "2", "1", "1"]);
  });

  it("says so when a listing has nothing counted yet", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const empty = { ...stats, days: Array.from({ length: 30 }, (_, i) => day(i)), totals: { views: 0, reveals: 0, chats: 0, favourites: 0, bookings: 0 } };
    stubApi({ "/api/me": seller, "/api/categorys": categories, "/api/products/12/stats": empty, "/api/leads/new": { count: 0 } });
    renderApp("/dashboard/products/12/numbers");
    const figure = await screen.findByRole("figure", { name: "Views, the last 30 days" }, { timeout: 10000 });
    expect(figure).toHaveTextContent("Nothing in the last 30 days.");
  });

  it("sums up all the seller's listings, with the most viewed ones linked to their numbers", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mine: SellerStats = {
      timeZone: "Asia/Dhaka",
      days: thirtyDays(),
      totals: stats.totals,
      top: [
        { _id: "12", productName: "HP EliteBook 840 G5", picture: "/uploads/a.webp", totals: { views: 8, reveals: 2, chats: 2, favourites: 1, bookings: 1 } },
        { _id: "13", productName: "Dell Latitude 5490", picture: "/uploads/b.webp", totals: { views: 2, reveals: 0, chats: 1, favourites: 0, bookings: 0 } },
      ],
    };
    stubApi({ "/api/me": seller, "/api/categorys": categories, "/api/me/stats": mine, "/api/leads/new": { count: 0 } });
    renderApp("/dashboard/numbers");
    expect(await screen.findByRole("heading", { name: "Your numbers", level: 1 }, { timeout: 10000 })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Numbers" })).toHaveClass("menu-active");
    expect(total("views")).toHaveTextContent("10");
    const top = screen.getByRole("region", { name: "Most viewed listings" });
    const links = within(top).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/dashboard/products/12/numbers", "/dashboard/products/13/numbers"]);
    expect(within(top).getAllByRole("listitem")[0]).toHaveTextContent("Views8");
  });

  it("counts a view when the product page shows and a reveal when its number is tapped", async () => {
    const laptop = product({ _id: "42", productName: "MacBook Air M1", number: "01712345678" });
    const mock = stubApi({ "/api/categorys": categories, "/api/products/42": laptop, "POST /api/products/42/view": () => new Response(null, { status: 204 }), "POST /api/products/42/reveal": () => new Response(null, { status: 204 }) });
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    await waitFor(() => expect(requestsTo(mock, "/api/products/42/view", "POST")).toHaveLength(1));
    expect(requestsTo(mock, "/api/products/42/reveal", "POST")).toHaveLength(0);
    await userEvent.click(within(page).getByRole("link", { name: "Call 01712345678" }));
    await waitFor(() => expect(requestsTo(mock, "/api/products/42/reveal", "POST")).toHaveLength(1));
    expect(requestsTo(mock, "/api/products/42/view", "POST")).toHaveLength(1);
  });
});

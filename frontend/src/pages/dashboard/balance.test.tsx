import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer, categories, seller } from "@/test/fixtures";
import { renderApp, stubApi } from "@/test/render-app";

const sellerApi = (balance: unknown) => ({ "/api/me": seller, "/api/categorys": categories, "/api/me/balance": balance });

describe("the seller's balance", () => {
  it("says what the seller earned, was paid out and is owed, from the menu", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(sellerApi({ earned: 37050, paidOut: 37000, owed: 50 }));
    renderApp("/dashboard/balance");
    expect(await screen.findByRole("heading", { name: "Balance" })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Balance" })).toHaveAttribute("href", "/dashboard/balance");
    expect(await screen.findByText("37,050 Tk")).toBeInTheDocument();
    expect(screen.getByText("37,000 Tk")).toBeInTheDocument();
    expect(screen.getByText("The shop owes you")).toBeInTheDocument();
    expect(screen.getByText("50 Tk")).toBeInTheDocument();
  });

  it("says plainly when the seller owes the shop commission on cash sales", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(sellerApi({ earned: 19519, paidOut: 0, owed: -501 }));
    renderApp("/dashboard/balance");
    expect(await screen.findByText("You owe the shop")).toBeInTheDocument();
    expect(screen.getByText("501 Tk")).toBeInTheDocument();
    expect(screen.getByText("The shop's commission on laptops you sold for cash, which you were paid in hand.")).toBeInTheDocument();
  });

  it("is not a buyer's page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/bookings": [] });
    renderApp("/dashboard/balance");
    // the menu may be drawn again as the buyer is sent on (a node found
    // before that is gone from the page): judge the page once it settles
    await waitFor(() => {
      expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Balance" })).not.toBeInTheDocument();
    });
  });
});

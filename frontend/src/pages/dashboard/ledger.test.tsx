import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "@/api/ledger";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories } from "@/test/fixtures";
import { jsonResponse, renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/admin/ledger";
const row = (o: Partial<LedgerEntry>): LedgerEntry => ({
  _id: "1",
  kind: "payment",
  amount: 38000,
  method: "card",
  reversal: false,
  bookingId: "12",
  sellerId: "7",
  sellerName: "Karim Seller",
  reference: "",
  createdAt: "2026-11-22T09:30:00Z",
  ...o,
});
const payment = row({ _id: "1" });
const commission = row({ _id: "2", kind: "commission", amount: -950 });
const stray = row({ _id: "3", amount: 20000, sellerId: null, sellerName: "", bookingId: "13" });
const payout = row({ _id: "4", kind: "payout", amount: -37000, method: "bkash", bookingId: null, reference: "01711000000" });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": admin,
    "/api/categorys": categories,
    "/api/products/report?report=reported": [],
    [LIST]: [payout, stray, commission, payment],
    [`${LIST}?sellerId=7`]: [payout, commission, payment],
    "/api/admin/sellers/7/balance": { earned: 37050, paidOut: 37000, owed: 50 },
    ...extra,
  };
}

describe("the ledger", () => {
  it("lists every row with its sign, kind and way of paying, from the admin's menu", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api());
    renderApp("/dashboard/ledger");
    expect(await screen.findByRole("heading", { name: "Ledger" })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Ledger" })).toHaveAttribute("href", "/dashboard/ledger");
    const [, first, second, third, fourth] = screen.getAllByRole("row");
    expect(first).toHaveTextContent("Payout");
    expect(first).toHaveTextContent("-37,000 Tk");
    expect(first).toHaveTextContent("bKash");
    expect(first).toHaveTextContent("01711000000");
    expect(second).toHaveTextContent("No seller (refunded to the buyer)");
    expect(third).toHaveTextContent("Commission");
    expect(third).toHaveTextContent("-950 Tk");
    expect(fourth).toHaveTextContent("+38,000 Tk");
    expect(fourth).toHaveTextContent("Card");
    expect(screen.queryByRole("button", { name: "Record payout" })).not.toBeInTheDocument();
  });

  it("shows one seller's rows and records a payout for them", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api({ "POST /api/admin/payouts": () => jsonResponse(201, row({ _id: "5", kind: "payout", amount: -50, method: "nagad", reference: "01811000000" })) }));
    renderApp("/dashboard/ledger");
    await screen.findByRole("heading", { name: "Ledger" });
    await userEvent.click(screen.getAllByRole("button", { name: "Karim Seller" })[0]!);
    expect(await screen.findByRole("heading", { name: "Ledger of Karim Seller" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(4));
    // the seller's money in one line, read before paying them
    const balance = await screen.findByLabelText("Balance");
    expect(balance).toHaveTextContent("Earned: 37,050 Tk");
    expect(balance).toHaveTextContent("Paid out: 37,000 Tk");
    expect(balance).toHaveTextContent("The shop owes them: 50 Tk");

    await userEvent.click(screen.getByRole("button", { name: "Record payout" }));
    const dialog = await screen.findByRole("dialog", { name: "Record payout" });
    expect(dialog).toHaveTextContent("The shop owes them 50 Tk now; a payout can be no more than that.");
    // nothing written: both fields say what they need
    await userEvent.click(within(dialog).getByRole("button", { name: "Record payout" }));
    expect(within(dialog).getByText("Write a whole number of Tk, at least 1.")).toBeInTheDocument();
    expect(within(dialog).getByText("Write the bKash or Nagad number, or the bank's reference.")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/admin/payouts", "POST")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText("Amount (Tk)"), "50");
    await userEvent.selectOptions(within(dialog).getByLabelText("Paid by"), "nagad");
    await userEvent.type(within(dialog).getByLabelText("Number or reference"), " 01811000000 ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record payout" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // the balance is asked for again after the payout
    await waitFor(() => expect(requestsTo(fetchMock, "/api/admin/sellers/7/balance", "GET").length).toBeGreaterThan(1));
    const [init] = requestsTo(fetchMock, "/api/admin/payouts", "POST");
    expect(JSON.parse(init!.body as string)).toEqual({ sellerId: "7", amount: 50, method: "nagad", reference: "01811000000" });
  });

  it("says so when a payout is more than the shop owes, and keeps the dialog", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "POST /api/admin/payouts": () => jsonResponse(409, { message: "The shop owes this seller Tk 50", code: "more_than_owed" }) }));
    renderApp("/dashboard/ledger?seller=7&name=Karim%20Seller");
    expect(await screen.findByRole("heading", { name: "Ledger of Karim Seller" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Record payout" }));
    const dialog = await screen.findByRole("dialog", { name: "Record payout" });
    await userEvent.type(within(dialog).getByLabelText("Amount (Tk)"), "51");
    await userEvent.type(within(dialog).getByLabelText("Number or reference"), "01711000000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record payout" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This is more than the shop owes this seller.");
  });

  it("is not a buyer's page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/bookings": [] });
    renderApp("/dashboard/ledger");
    expect(await screen.findByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Ledger" })).not.toBeInTheDocument();
  });
});

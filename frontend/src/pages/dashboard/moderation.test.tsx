import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/api/moderation";
import type { ReportedProduct } from "@/api/products";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { admin, buyer, categories, product } from "@/test/fixtures";
import { jsonResponse, renderApp, requestsTo, stubApi } from "@/test/render-app";

const LIST = "/api/products/report?report=reported";
const scam: ReportedProduct = {
  ...product({ _id: "7", productName: "Too cheap MacBook Pro", seller: "Shady Seller", report: "reported" }),
  reportCount: 3,
  reasons: { stolen: 2, other: 1 },
  reports: [
    { reporter: "Bea Buyer", reason: "stolen", note: "Serial matches my stolen laptop", createdAt: "2026-11-20T10:00:00Z" },
    { reporter: "Bob Buyer", reason: "stolen", note: "", createdAt: "2026-11-21T10:00:00Z" },
    { reporter: "Kim Buyer", reason: "other", note: "", createdAt: "2026-11-22T10:00:00Z" },
  ],
};

describe("reported products: reasons and dismiss", () => {
  it("shows the count, each reason's count, and the reporters with their notes", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, [scam]) });
    renderApp("/dashboard/repotedproducts");
    const row = await screen.findByRole("row", { name: /Shady Seller/ });
    expect(row).toHaveTextContent("3 reports");
    const reasons = within(row).getByRole("list", { name: "Reasons" });
    expect(within(reasons).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Possibly stolen: 2", "Something else: 1"]);
    await userEvent.click(within(row).getByText("Who reported it"));
    expect(row).toHaveTextContent("Bea Buyer");
    expect(row).toHaveTextContent("“Serial matches my stolen laptop”");
    expect(row).toHaveTextContent("Kim Buyer");
  });

  it("says 1 report, not 1 reports, for a listing reported once", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const once: ReportedProduct = { ...scam, _id: "8", seller: "Once Seller", reportCount: 1, reasons: { other: 1 }, reports: scam.reports.slice(2) };
    stubApi({ "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, [once]) });
    renderApp("/dashboard/repotedproducts");
    const row = await screen.findByRole("row", { name: /Once Seller/ });
    expect(row).toHaveTextContent("1 report");
    expect(row).not.toHaveTextContent("1 reports");
  });

  it("dismisses after the confirmation; the list reloads without it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [scam];
    const fetchMock = stubApi({
      "/api/me": admin,
      "/api/categorys": categories,
      [LIST]: () => jsonResponse(200, list),
      "POST /api/products/report/7/dismiss": () => {
        list = [];
        return jsonResponse(200, { deletedCount: 3 });
      },
    });
    renderApp("/dashboard/repotedproducts");
    const row = await screen.findByRole("row", { name: /Shady Seller/ });
    await userEvent.click(within(row).getByRole("button", { name: "Dismiss the reports of Too cheap MacBook Pro" }));
    const dialog = screen.getByRole("alertdialog", { name: "Dismiss the reports of this product?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("Reports dismissed")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Reported Products: 0" })).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products/report/7/dismiss", "POST")).toHaveLength(1);
    expect(requestsTo(fetchMock, "/api/products/report/7", "DELETE")).toHaveLength(0);
  });

  it("sends Delete's reason for the seller", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [scam];
    const fetchMock = stubApi({
      "/api/me": admin,
      "/api/categorys": categories,
      [LIST]: () => jsonResponse(200, list),
      "DELETE /api/products/report/7": () => {
        list = [];
        return jsonResponse(200, { deletedCount: 1 });
      },
    });
    renderApp("/dashboard/repotedproducts");
    const row = await screen.findByRole("row", { name: /Shady Seller/ });
    await userEvent.click(within(row).getByRole("button", { name: "Delete Too cheap MacBook Pro" }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure Delete this Product" });
    await userEvent.type(within(dialog).getByLabelText("Reason for the seller (optional)"), "Reported as stolen");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    const [init] = requestsTo(fetchMock, "/api/products/report/7", "DELETE");
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "Reported as stolen" });
  });
});

describe("the product page's report dialog", () => {
  it("asks the spec's question with a reason and a note, and sends them", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      "/api/products/42": product({ _id: "42", productName: "MacBook Air M1", sellerEmail: "other@example.com", sellerId: "99" }),
      "PUT /api/products/report/42": () => jsonResponse(200, { acknowledged: true, modifiedCount: 1 }),
    });
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    await userEvent.click(within(page).getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Are You sure Report this Product" });
    const reason = within(dialog).getByLabelText("Reason");
    expect(within(reason).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Spam or a duplicate listing",
      "Already sold",
      "Wrong price",
      "Fake or misleading",
      "Possibly stolen",
      "Offensive content",
      "Something else",
    ]);
    await userEvent.selectOptions(reason, "wrong_price");
    await userEvent.type(within(dialog).getByLabelText("A note for the admins (optional)"), "Listed at 6,500 instead of 65,000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Report" }));
    expect(await screen.findByText("Report Success")).toBeInTheDocument();
    const [init] = requestsTo(fetchMock, "/api/products/report/42", "PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "wrong_price", note: "Listed at 6,500 instead of 65,000" });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});

describe("audit log", () => {
  const entries: AuditEntry[] = [
    {
      _id: "2",
      adminId: "5",
      adminName: "Ada Admin",
      action: "reported_product_deleted",
      targetKind: "product",
      targetId: "7",
      targetLabel: "Too cheap MacBook Pro",
      detail: { reason: "Reported as stolen" },
      createdAt: "2026-11-22T10:00:00Z",
    },
    {
      _id: "1",
      adminId: "5",
      adminName: "Ada Admin",
      action: "user_deleted",
      targetKind: "user",
      targetId: "3",
      targetLabel: "Bob Buyer <bob@example.com>",
      detail: {},
      createdAt: "2026-11-21T10:00:00Z",
    },
    {
      _id: "0",
      adminId: "5",
      adminName: "Ada Admin",
      action: "payout_recorded",
      targetKind: "user",
      targetId: "7",
      targetLabel: "Karim Seller",
      detail: { amount: 3000, method: "nagad", reference: "01811000000" },
      createdAt: "2026-11-20T10:00:00Z",
    },
  ];

  it("lists who did what to whom, and when, from the admin menu", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/admin/audit": () => jsonResponse(200, entries), [LIST]: () => jsonResponse(200, []) });
    renderApp("/dashboard/repotedproducts");
    const nav = await screen.findByRole("navigation", { name: "Dashboard" });
    await userEvent.click(within(nav).getByRole("link", { name: "Audit log" }));
    expect(await screen.findByRole("heading", { name: "Audit log" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["When", "Who", "What", "Whom"]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Ada Admin");
    expect(rows[0]).toHaveTextContent("Deleted a reported product");
    expect(rows[0]).toHaveTextContent("Reason: Reported as stolen");
    expect(rows[0]).toHaveTextContent("Too cheap MacBook Pro");
    expect(rows[1]).toHaveTextContent("Deleted a user");
    expect(rows[1]).toHaveTextContent("Bob Buyer <bob@example.com>");
    expect(rows[2]).toHaveTextContent("Recorded a payout");
    expect(rows[2]).toHaveTextContent("3,000 Tk by Nagad, reference 01811000000");
    expect(rows[2]).toHaveTextContent("Karim Seller");
  });

  it("reads in Bangla", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    localStorage.setItem(LANG_KEY, "bn");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/admin/audit": () => jsonResponse(200, entries) });
    renderApp("/dashboard/audit");
    expect(await screen.findByRole("heading", { name: "অডিট লগ" })).toBeInTheDocument();
    expect(screen.getAllByRole("row")[2]).toHaveTextContent("একজন ব্যবহারকারীকে মুছেছেন");
  });
});

// #32 (walkthrough #6, #22): the admin opens what was reported, and acts
// with a reason the person is told: hide until edited, warn, suspend,
// delete; the leads of other sellers are read-only; a category with
// laptops cannot be deleted, and says why before anyone clicks.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Lead } from "@/api/leads";
import type { ReportedProduct } from "@/api/products";
import type { UserRecord } from "@/api/users";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { admin, categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, requestsTo, stubApi } from "@/test/render-app";

const LIST = "/api/products/report?report=reported";
const scam: ReportedProduct = {
  ...product({ _id: "7", productName: "Too cheap MacBook Pro", seller: "Shady Seller", sellerId: "9", report: "reported" }),
  reportCount: 1,
  reasons: { fake: 1 },
  reports: [{ reporter: "Bea Buyer", reason: "fake", note: "Photos from the web", createdAt: "2026-11-20T10:00:00Z" }],
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

function reportedApi(list: () => ReportedProduct[], extra: Record<string, unknown> = {}) {
  return { "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, list()), ...extra };
}

async function openRow() {
  localStorage.setItem(TOKEN_KEY, "tok");
  renderApp("/dashboard/repotedproducts");
  return screen.findByRole("row", { name: /Shady Seller/ });
}

describe("reported products: look before acting", () => {
  it("links the photo and name to the ad, and the seller to their page", async () => {
    stubApi(reportedApi(() => [scam]));
    const row = await openRow();
    expect(within(row).getByRole("link", { name: "Too cheap MacBook Pro" })).toHaveAttribute("href", "/product/7");
    expect(within(row).getByRole("link", { name: "Shady Seller's seller page" })).toHaveAttribute("href", "/seller/9");
    expect(row.querySelector('a[href="/product/7"] img')).not.toBeNull();
  });

  it("hides the listing with a required reason; the row then says it is hidden and Hide is off", async () => {
    let list = [scam];
    const fetchMock = stubApi(
      reportedApi(() => list, {
        "POST /api/products/7/hide": () => {
          list = [{ ...scam, hiddenReason: "Photos of another laptop" }];
          return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
        },
      }),
    );
    const row = await openRow();
    await userEvent.click(within(row).getByRole("button", { name: "Hide Too cheap MacBook Pro until it is edited" }));
    const dialog = screen.getByRole("alertdialog", { name: "Hide this listing until it is edited?" });
    expect(dialog).toHaveTextContent("Shady Seller sees it in My Products with your reason");
    // no reason: not sent, and the field says why
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide listing" }));
    expect(within(dialog).getByText("Say why: the person reads it")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Reason for the seller")).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(fetchMock, "/api/products/7/hide", "POST")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText("Reason for the seller"), "  Photos of another laptop ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide listing" }));
    expect(await screen.findByText("Listing hidden until the seller edits it")).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, "/api/products/7/hide", "POST")[0])).toEqual({ reason: "Photos of another laptop" });
    const after = await screen.findByRole("row", { name: /Hidden until edited/ });
    expect(within(after).getByRole("button", { name: "Hide Too cheap MacBook Pro until it is edited" })).toBeDisabled();
  });

  it("warns the seller, by their id, with the reason", async () => {
    const fetchMock = stubApi(reportedApi(() => [scam], { "POST /api/users/9/warn": { acknowledged: true, modifiedCount: 1 } }));
    const row = await openRow();
    await userEvent.click(within(row).getByRole("button", { name: "Warn seller (Shady Seller)" }));
    const dialog = screen.getByRole("alertdialog", { name: "Warn Shady Seller?" });
    await userEvent.type(within(dialog).getByLabelText("Your warning"), "Do not post photos from the web");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send warning" }));
    expect(await screen.findByText("Warning sent to Shady Seller")).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, "/api/users/9/warn", "POST")[0])).toEqual({ reason: "Do not post photos from the web" });
  });

  it("suspends the seller for the days chosen, with the reason; a refusal keeps the dialog open with the server's words", async () => {
    let refuse = true;
    const fetchMock = stubApi(
      reportedApi(() => [scam], {
        "POST /api/users/9/suspend": () =>
          refuse
            ? jsonResponse(409, { message: "Admin accounts cannot be warned, suspended or deleted here", code: "admin" })
            : jsonResponse(200, { acknowledged: true, suspendedUntil: "2026-12-20T10:00:00Z" }),
      }),
    );
    const row = await openRow();
    await userEvent.click(within(row).getByRole("button", { name: "Suspend seller (Shady Seller)" }));
    const dialog = screen.getByRole("alertdialog", { name: "Suspend Shady Seller?" });
    expect(within(dialog).getByRole("radio", { name: "7 days" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("radio", { name: "30 days" }));
    await userEvent.type(within(dialog).getByLabelText("Reason for the account's owner"), "Repeated fake listings");
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText("Admin accounts cannot be warned, suspended or deleted here")).toBeInTheDocument();
    expect(screen.getByRole("alertdialog", { name: "Suspend Shady Seller?" })).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText("Shady Seller is suspended")).toBeInTheDocument();
    const sent = requestsTo(fetchMock, "/api/users/9/suspend", "POST");
    expect(sent).toHaveLength(2);
    expect(bodyOf(sent[1])).toEqual({ days: 30, reason: "Repeated fake listings" });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("reads in Bangla", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(reportedApi(() => [scam]));
    const row = await openRow();
    await userEvent.click(await within(row).findByRole("button", { name: "বিক্রেতাকে স্থগিত করুন (Shady Seller)" }));
    const dialog = screen.getByRole("alertdialog", { name: "Shady Seller কে স্থগিত করবেন?" });
    expect(within(dialog).getByRole("radio", { name: "৩০ দিন" })).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: "১ দিন" })).toBeInTheDocument();
  });
});

describe("all users: delete and suspend with a reason", () => {
  const karim: UserRecord = { _id: "7", userName: "Karim Seller", email: "karim@example.com", role: "Seller", verify: "" };
  const sus: UserRecord = { ...karim, _id: "8", userName: "Sumi Seller", email: "sumi@example.com", suspendedUntil: "2099-01-01T00:00:00Z" };

  it("asks the spec's question with a required reason, and sends it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [admin as UserRecord, karim, sus];
    const fetchMock = stubApi({
      "/api/me": admin,
      "/api/users": () => jsonResponse(200, list),
      "DELETE /api/users/7": () => {
        list = [admin as UserRecord, sus];
        return jsonResponse(200, { deletedCount: 1 });
      },
    });
    renderApp("/dashboard/allusers");
    const row = await screen.findByRole("row", { name: /Karim Seller/ });
    expect(screen.getByRole("row", { name: /Sumi Seller/ })).toHaveTextContent("Suspended until");
    expect(row).not.toHaveTextContent("Suspended until");
    await userEvent.click(within(row).getByRole("button", { name: "Delete Karim Seller" }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure delete this user" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(requestsTo(fetchMock, "/api/users/7", "DELETE")).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText("Reason for the account's owner"), "Selling stolen laptops");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, "/api/users/7", "DELETE")[0])).toEqual({ reason: "Selling stolen laptops" });
    // an admin's own row can be neither suspended nor deleted
    expect(within(screen.getByRole("row", { name: /Ayesha Admin/ })).getByRole("button", { name: "Suspend Ayesha Admin" })).toBeDisabled();
  });
});

describe("leads: an admin's view is read-only", () => {
  const lead: Lead = {
    _id: "21",
    status: "accepted",
    buyerName: "Rahim Uddin",
    buyerEmail: "rahim@example.com",
    number: "01712345678",
    meetLocation: "Mirpur 10",
    price: 45000,
    paid: false,
    createdAt: "2026-11-22T10:00:00Z",
    handoverLocked: false,
    product: { _id: "101", productName: "HP EliteBook 840 G5", picture: "/uploads/abc.jpg" },
  } as Lead;

  it("offers no Accept, Decline or Confirm hand-over, and says why", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/leads/new": { count: 1 }, "/api/leads": [lead, { ...lead, _id: "22", status: "pending" }] });
    renderApp("/dashboard/leads?handover=21&code=123456");
    await screen.findByRole("table");
    expect(screen.getByText("Read only: only a laptop's seller can accept, decline or confirm its hand-over.")).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["Product", "Buyer", "Meeting place", "Status"]);
    expect(screen.queryByRole("button", { name: /Accept|Decline|Confirm/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("still offers them to the seller", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": seller, "/api/categorys": categories, "/api/leads/new": { count: 1 }, "/api/leads": [lead] });
    renderApp("/dashboard/leads");
    expect(await screen.findByRole("button", { name: /Confirm the hand-over/ })).toBeInTheDocument();
  });
});

describe("categories: Delete says why it is off before anyone clicks", () => {
  it("disables Delete of a category with laptops and shows the count; an empty one can be deleted", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({
      "/api/me": admin,
      "/api/categorys": categories,
      "/api/admin/categorys": categories.map((c) => ({ ...c, productCount: c.name === "HP" ? 12 : c.name === "ASUS" ? 1 : 0 })),
    });
    renderApp("/dashboard/categories");
    const hp = await screen.findByRole("button", { name: "Delete HP: 12 laptops are in it, so it cannot be deleted" });
    expect(hp).toBeDisabled();
    expect(screen.getByText("12 laptops are in it, so it cannot be deleted")).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete ASUS: 1 laptop is in it, so it cannot be deleted" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete APPLE" })).toBeEnabled();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Review, Seller } from "@/api/sellers";
import { TOKEN_KEY } from "@/lib/api";
import { admin, booking, buyer, categories, seller } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";
import { replyTimeText } from "@/pages/seller";
import { makeTranslate } from "@/lib/i18n";

const page: Seller = {
  _id: seller._id,
  userName: seller.userName,
  userPhoto: "",
  verify: true,
  joinedAt: "2025-03-14T10:00:00Z",
  activeListings: 3,
  soldCount: 12,
  rating: { average: 4.5, count: 2 },
  responseMinutes: 95,
};

const reviews: Review[] = [
  { _id: "501", rating: 5, text: "Smooth hand-over.", reply: null, repliedAt: null, buyerName: "Rahim Uddin", createdAt: "2026-11-20T10:00:00Z" },
  { _id: "500", rating: 4, text: "Battery as said.", reply: "Thanks!", repliedAt: "2026-11-19T10:00:00Z", buyerName: "", createdAt: "2026-11-18T10:00:00Z" },
];

function api(me: unknown, extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": me,
    "/api/categorys": categories,
    "/api/sellers/7": page,
    "/api/sellers/7/reviews": reviews,
    ...extra,
  };
}

describe("the seller page", () => {
  it("shows who the seller is, their record and their reviews with replies", async () => {
    stubApi(api(reply(401, { message: "Unauthorized" })));
    renderApp("/seller/7");
    expect(await screen.findByRole("heading", { level: 1, name: /Karim Seller/ })).toBeInTheDocument();
    expect(screen.getByText(/the Resale team checked this seller's identity/)).toBeInTheDocument();
    expect(screen.getByText("Member since March 2025")).toBeInTheDocument();
    expect(screen.getAllByText("4.5 out of 5, 2 reviews").length).toBeGreaterThan(0);
    expect(screen.getByText("within 2 hours")).toBeInTheDocument();
    const section = screen.getByRole("region", { name: "Reviews" });
    const items = await within(section).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent("A former buyer");
    expect(items[1]).toHaveTextContent("The seller's reply");
    expect(items[1]).toHaveTextContent("Thanks!");
    // a visitor neither replies nor removes
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove review" })).toBeNull();
  });

  it("says a seller is not found", async () => {
    stubApi(api(reply(401, { message: "Unauthorized" }), { "/api/sellers/7": reply(404, { message: "Seller not found", code: "not_found" }) }));
    renderApp("/seller/7");
    expect(await screen.findByRole("heading", { name: "Seller not found" })).toBeInTheDocument();
  });

  it("lets the seller reply once to a review without one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi(api(seller, { "PUT /api/reviews/501/reply": reply(200, { acknowledged: true, modifiedCount: 1 }) }));
    renderApp("/seller/7");
    const buttons = await screen.findAllByRole("button", { name: "Reply" });
    expect(buttons).toHaveLength(1); // the other has its reply
    await userEvent.click(buttons[0]!);
    await userEvent.type(screen.getByLabelText("Your reply"), "Thank you, enjoy it!");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(requestsTo(mock, "/api/reviews/501/reply", "PUT")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(mock, "/api/reviews/501/reply", "PUT")[0]!.body))).toEqual({ text: "Thank you, enjoy it!" });
  });

  it("lets an admin remove a review with a reason", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi(api(admin, { "DELETE /api/reviews/500": reply(200, { deletedCount: 1 }) }));
    renderApp("/seller/7");
    const buttons = await screen.findAllByRole("button", { name: "Remove review" });
    await userEvent.click(buttons[1]!);
    const dialog = screen.getByRole("alertdialog", { name: "Remove this review?" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Not about the sale");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove review" }));
    await waitFor(() => expect(requestsTo(mock, "/api/reviews/500", "DELETE")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(mock, "/api/reviews/500", "DELETE")[0]!.body))).toEqual({ reason: "Not about the sale" });
  });
});

describe("reviews from My Booking", () => {
  it("offers Write a review for a completed booking and sends it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const done = booking({ _id: "11", status: "completed", reviewable: true, review: null });
    const mock = stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [done],
      "POST /api/bookings/11/review": reply(201, { _id: "9", rating: 5, text: "Great", reply: null, repliedAt: null, buyerName: "Rahim", createdAt: "2026-11-22T10:00:00Z" }),
    });
    renderApp("/dashboard/mybooking");
    await userEvent.click(await screen.findByRole("button", { name: "Write a review of the seller of HP EliteBook 840 G5" }));
    // the dialog comes in its own chunk
    await userEvent.click(await screen.findByRole("radio", { name: "5 out of 5 stars" }, { timeout: 5000 }));
    await userEvent.type(screen.getByLabelText("Your review"), "Great");
    await userEvent.click(screen.getByRole("button", { name: "Send review" }));
    await waitFor(() => expect(requestsTo(mock, "/api/bookings/11/review", "POST")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(mock, "/api/bookings/11/review", "POST")[0]!.body))).toEqual({ rating: 5, text: "Great" });
  });

  it("opens the review from the notification's link", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [booking({ _id: "11", status: "completed", reviewable: true })],
    });
    renderApp("/dashboard/mybooking?review=11");
    expect(await screen.findByRole("dialog", { name: "Review the seller" }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("reply time in words", () => {
  it("rounds to minutes, hours and days", () => {
    const t = makeTranslate(undefined, "en-US");
    expect(replyTimeText(0, t)).toBe("within 1 minutes");
    expect(replyTimeText(45, t)).toBe("within 45 minutes");
    expect(replyTimeText(70, t)).toBe("within an hour");
    expect(replyTimeText(300, t)).toBe("within 5 hours");
    expect(replyTimeText(1500, t)).toBe("within a day");
    expect(replyTimeText(4000, t)).toBe("within 3 days");
  });
});

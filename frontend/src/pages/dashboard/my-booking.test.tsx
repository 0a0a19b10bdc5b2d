import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encode } from "uqr";
import { describe, expect, it, vi } from "vitest";
import type { Booking } from "@/api/bookings";
import { qrPath } from "@/components/handover-code";
import { TOKEN_KEY } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { booking, buyer, categories } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/bookings?email=rahim%40example.com";

// the payment page's card form never loads here: only the way to it is tested
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: () => new Promise(() => {}) }));

const open = booking({ _id: "11" });
const paid = booking({ _id: "12", productName: "MacBook Air M1 2020", price: 125000, meetLocation: "Dhanmondi 27", paid: true, status: "paid", ProductId: "102" });

function api(list: Booking[] | (() => Booking[]), extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    [LIST]: typeof list === "function" ? () => reply(200, list())({}) : list,
    ...extra,
  };
}

/** The booking's own row (numbered), not the row of its hand-over code under it. */
function row(name: string | RegExp): HTMLElement {
  const rows = screen.getAllByRole("row", { name }).filter((r) => r.querySelector('th[scope="row"]'));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("my booking", () => {
  it("lists the bookings with number, product, price in Tk, place, and Paid or a Pay link", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open, paid]));
    renderApp("/dashboard/mybooking");

    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["#", "Product", "Price", "MeetLocation", "Status", "Delete", "Payment"]);
    expect(within(row(/EliteBook/)).getByRole("rowheader")).toHaveTextContent("1");
    expect(within(row(/MacBook/)).getByRole("rowheader")).toHaveTextContent("2");
    expect(within(row(/EliteBook/)).getByText("45,000 Tk")).toBeInTheDocument();
    expect(within(row(/MacBook/)).getByText("125,000 Tk")).toBeInTheDocument();
    expect(within(row(/EliteBook/)).getByText("Farmgate, Dhaka")).toBeInTheDocument();

    // unpaid: a Pay link to its payment page, no Paid badge
    const pay = within(row(/EliteBook/)).getByRole("link", { name: /Pay/ });
    expect(pay).toHaveAttribute("href", "/dashboard/payment/11");
    expect(within(row(/EliteBook/)).queryByText("Paid")).not.toBeInTheDocument();
    expect(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ })).toBeEnabled();

    // paid: the Paid badge (as its status and in Payment), no Pay link, and Delete is disabled with a reason
    expect(within(row(/MacBook/)).getAllByText("Paid")).toHaveLength(2);
    for (const b of within(row(/MacBook/)).getAllByText("Paid")) expect(b).toHaveClass("badge");
    expect(within(row(/MacBook/)).queryByRole("link", { name: /Pay/ })).not.toBeInTheDocument();
    const del = within(row(/MacBook/)).getByRole("button", { name: /Delete/ });
    expect(del).toBeDisabled();
    expect(del).toHaveAttribute("title", expect.stringMatching(/paid bookings stay on record/i));
  });

  it("is also the dashboard's home page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open]));
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /EliteBook/ })).toBeInTheDocument();
  });

  it("opens the payment page from Pay", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open], { "/api/bookings/11": open, "/api/config": { stripePublishableKey: "pk_test_123", currency: "bdt", googleEnabled: false } }));
    const router = renderApp("/dashboard/mybooking");
    await userEvent.click(await screen.findByRole("link", { name: /Pay/ }));
    expect(await screen.findByRole("heading", { name: "Payment for HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/payment/11");
  });

  it("offers no Pay where card payment is not set up, and says to pay at the meeting (#32)", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open], { "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false } }));
    renderApp("/dashboard/mybooking");
    // #34: and no card wording either: cash at the hand-over is what is left
    expect(await screen.findByText("Pay at the hand-over: cash")).toBeInTheDocument();
    expect(within(row(/EliteBook/)).queryByText(/card/i)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("shows No Booking when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([]));
    renderApp("/dashboard/mybooking");
    expect(await screen.findByText("No Booking")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows a spinner while the list loads", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([], { [LIST]: () => new Promise<Response>(() => {}) }));
    renderApp("/dashboard/mybooking");
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByText("No Booking")).not.toBeInTheDocument();
  });

  it("deletes only after the confirmation, toasts Delete Success and reloads the list", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [open, paid];
    const fetchMock = stubApi(
      api(() => list, {
        "DELETE /api/bookings/11": () => {
          list = [paid];
          return reply(200, { deletedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/mybooking");
    await screen.findByRole("row", { name: /EliteBook/ });

    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure delete this user" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, "/api/bookings/11", "DELETE")).toHaveLength(0);
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();

    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: "Are you sure delete this user" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /EliteBook/ })).not.toBeInTheDocument());
    expect(row(/MacBook/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/bookings/11", "DELETE")).toHaveLength(1);
  });

  it("toasts the server's message when a delete is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open], { "DELETE /api/bookings/11": reply(409, { message: "A paid booking stays on record", code: "paid" }) }));
    renderApp("/dashboard/mybooking");
    await screen.findByRole("row", { name: /EliteBook/ });
    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("A paid booking stays on record")).toBeInTheDocument();
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();
  });

  it("Load more adds the Link header's next page under the first, numbering on", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const PAGE2 = `${LIST}&cursor=c2`;
    const fetchMock = stubApi(
      api([], {
        [LIST]: () => jsonResponse(200, [open], { Link: `<${PAGE2}>; rel="next"` }),
        [PAGE2]: [paid],
      }),
    );
    renderApp("/dashboard/mybooking");
    await screen.findByRole("table");
    expect(screen.queryByRole("row", { name: /MacBook/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("row", { name: /MacBook/ })).toBeInTheDocument();
    expect(within(row(/MacBook/)).getByRole("rowheader")).toHaveTextContent("2");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST)).toHaveLength(1);
  });

  describe("statuses (issue #17)", () => {
    const URL_11 = "https://shop.example/dashboard/leads?handover=21&code=123456";
    const UNTIL = "2026-11-25T10:00:00Z";
    const product = (id: string, o: Partial<Booking["product"]> = {}) => ({
      _id: id,
      productName: "x",
      picture: `/uploads/${id}.jpg`,
      available: "available" as const,
      reserved: false,
      deleted: false,
      ...o,
    });
    const pending = booking({ _id: "20", productName: "Pending Dell", ProductId: "p20", product: product("p20") });
    const accepted = booking({
      _id: "21",
      productName: "Accepted Lenovo",
      ProductId: "p21",
      status: "accepted",
      reservedUntil: UNTIL,
      handoverCode: "123456",
      handoverUrl: URL_11,
      product: product("p21", { reserved: true }),
    });
    const paidOne = booking({
      _id: "22",
      productName: "Paid Asus",
      ProductId: "p22",
      status: "paid",
      paid: true,
      handoverCode: "654321",
      handoverUrl: "https://shop.example/dashboard/leads?handover=22&code=654321",
      product: product("p22", { reserved: true }),
    });
    const completed = booking({ _id: "23", productName: "Completed Acer", ProductId: "p23", status: "completed", product: product("p23", { available: "soled" }) });
    const bySeller = booking({ _id: "24", productName: "Seller said no Walton", ProductId: "p24", status: "declined", declineCode: "seller", declineReason: "Already promised to my cousin", product: product("p24") });
    const bySellerQuiet = booking({ _id: "25", productName: "Quiet no Toshiba", ProductId: "p25", status: "declined", declineCode: "seller", product: product("p25") });
    const reserved = booking({ _id: "26", productName: "Reserved Samsung", ProductId: "p26", status: "declined", declineCode: "reserved", product: product("p26", { reserved: true }) });
    const expired = booking({ _id: "27", productName: "Expired Huawei", ProductId: "p27", status: "declined", declineCode: "expired", product: product("p27") });
    const soldOne = booking({ _id: "28", productName: "Sold Xiaomi", ProductId: "p28", status: "declined", declineCode: "sold", product: product("p28", { available: "soled", deleted: true }) });
    // an accepted booking as an admin would see it: no code in the answer
    const acceptedNoCode = booking({ _id: "29", productName: "No code Fujitsu", ProductId: "p29", status: "accepted", reservedUntil: UNTIL, product: product("p29") });
    const all = [pending, accepted, paidOne, completed, bySeller, bySellerQuiet, reserved, expired, soldOne, acceptedNoCode];

    async function show(list: Booking[] = all) {
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api(list));
      renderApp("/dashboard/mybooking");
      await screen.findByRole("table");
    }
    const status = (name: RegExp) => {
      const cells = within(row(name)).getAllByRole("cell");
      const headers = screen.getAllByRole("columnheader").map((c) => c.textContent);
      return cells[headers.indexOf("Status") - 1]!; // the # is a rowheader, not a cell
    };

    it("words each status for people, as a badge, with why a booking was declined", async () => {
      await show();
      const badgeOf = (name: RegExp) => within(status(name)).getByText((_, el) => el?.classList.contains("badge") ?? false);
      expect(badgeOf(/Pending Dell/)).toHaveTextContent(/^Waiting for the seller$/);
      expect(badgeOf(/Accepted Lenovo/)).toHaveTextContent(`Accepted — reserved for you until ${formatDateTime(UNTIL)}`);
      expect(badgeOf(/Paid Asus/)).toHaveTextContent(/^Paid$/);
      expect(badgeOf(/Completed Acer/)).toHaveTextContent(/^Completed$/);
      for (const name of [/Seller said no/, /Quiet no/, /Reserved Samsung/, /Expired Huawei/, /Sold Xiaomi/]) expect(badgeOf(name)).toHaveTextContent(/^Declined$/);
      expect(status(/Seller said no/)).toHaveTextContent("The seller said: “Already promised to my cousin”");
      expect(status(/Quiet no/)).toHaveTextContent("The seller declined it");
      expect(status(/Reserved Samsung/)).toHaveTextContent("The seller reserved it for another buyer");
      expect(status(/Expired Huawei/)).toHaveTextContent("The reservation ran out after 72 hours");
      expect(status(/Sold Xiaomi/)).toHaveTextContent("The laptop was sold");
      expect(status(/Pending Dell/)).not.toHaveTextContent(/seller said|reserved it|ran out|was sold/);
    });

    it("shows the hand-over code, spaced, and its QR only where the API sent a code, under its booking", async () => {
      await show();
      const block = (name: string) => screen.getByRole("region", { name: `Hand-over code for ${name}` });
      const code = within(block("Accepted Lenovo")).getByText("123 456");
      expect(code).toHaveClass("font-mono");
      const qr = within(block("Accepted Lenovo")).getByRole("img", { name: /QR code/ });
      // the QR draws the booking's handoverUrl, module for module
      expect(qr.querySelector("path")).toHaveAttribute("d", qrPath(encode(URL_11, { ecc: "M", border: 2 }).data));
      expect(within(block("Accepted Lenovo")).getByText(/only when you have the laptop in hand and have checked it/)).toBeInTheDocument();
      // on a phone (jsdom has no wide screen) inside its booking's card, right after the status (#32)
      expect(row(/Accepted Lenovo/)).toContainElement(block("Accepted Lenovo"));
      // paid: still to be handed over, so the code and QR too
      expect(within(block("Paid Asus")).getByText("654 321")).toBeInTheDocument();
      expect(within(block("Paid Asus")).getByRole("img", { name: /QR code/ })).toBeInTheDocument();
      // no code in the answer: none shown, whatever the status
      expect(screen.getAllByRole("region", { name: /^Hand-over code for/ })).toHaveLength(2);
      expect(screen.getAllByRole("img", { name: /QR code/ })).toHaveLength(2);
      expect(screen.queryByRole("region", { name: /No code Fujitsu/ })).not.toBeInTheDocument();
    });

    it("copies the code without its space", async () => {
      const writeText = vi.fn(async () => {});
      Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
      await show([accepted]);
      const block = screen.getByRole("region", { name: "Hand-over code for Accepted Lenovo" });
      await userEvent.click(within(block).getByRole("button", { name: "Copy the code" }));
      expect(writeText).toHaveBeenCalledWith("123456");
      expect(await within(block).findByRole("button", { name: "Code copied" })).toBeInTheDocument();
    });

    it("offers Pay and Delete only for waiting and accepted unpaid bookings", async () => {
      await show();
      for (const [name, id] of [
        [/Pending Dell/, "20"],
        [/Accepted Lenovo/, "21"],
        [/No code Fujitsu/, "29"],
      ] as const) {
        expect(within(row(name)).getByRole("link", { name: /^Pay for/ })).toHaveAttribute("href", `/dashboard/payment/${id}`);
        expect(within(row(name)).getByRole("button", { name: /^Delete/ })).toBeEnabled();
      }
      expect(within(row(/Paid Asus/)).queryByRole("link", { name: /^Pay for/ })).not.toBeInTheDocument();
      expect(within(row(/Paid Asus/)).getByRole("button", { name: /^Delete/ })).toBeDisabled();
      // #34: handed over without an online payment: paid in cash
      expect(within(row(/Completed Acer/)).getByText("Paid in cash at the hand-over")).toBeInTheDocument();
      expect(within(row(/Completed Acer/)).queryByRole("link", { name: /^Pay for/ })).not.toBeInTheDocument();
      for (const name of [/Seller said no/, /Quiet no/, /Reserved Samsung/, /Expired Huawei/, /Sold Xiaomi/]) {
        expect(within(row(name)).queryByRole("link", { name: /^Pay for/ })).not.toBeInTheDocument();
        expect(within(row(name)).getByText("Nothing to pay")).toBeInTheDocument();
        const del = within(row(name)).getByRole("button", { name: /^Delete/ });
        expect(del).toBeDisabled();
        expect(del).toHaveAttribute("title", "Only a booking that is waiting or accepted can be cancelled");
      }
    });

    it("shows each product's photo and links to its page, unless it was deleted", async () => {
      await show();
      const img = row(/Pending Dell/).querySelector("img");
      expect(img).toHaveAttribute("src", "/uploads/p20.jpg");
      expect(img).toHaveAttribute("alt", "");
      expect(within(row(/Pending Dell/)).getByRole("link", { name: "Pending Dell" })).toHaveAttribute("href", "/product/p20");
      expect(within(row(/Pending Dell/)).getByText(`Booked on ${formatDateTime(pending.createdAt)}`)).toBeInTheDocument();
      expect(within(row(/Sold Xiaomi/)).queryByRole("link", { name: "Sold Xiaomi" })).not.toBeInTheDocument();
      expect(within(row(/Sold Xiaomi/)).getByText("Sold Xiaomi")).toBeInTheDocument();
      expect(within(row(/Sold Xiaomi/)).getByText("Removed from the shop")).toBeInTheDocument();
    });
  });
});

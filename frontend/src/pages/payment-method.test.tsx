// #34: how a booking is paid, as the buyer chooses it in the Book Now
// dialog and sees and changes it in My Booking.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Booking } from "@/api/bookings";
import type { Lead } from "@/api/leads";
import { TOKEN_KEY } from "@/lib/api";
import { booking, buyer, categories, product, seller } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: () => new Promise(() => {}) }));

const laptop = product({ _id: "42", productName: "MacBook Air M1", category: "APPLE", sellPrice: 65000 });
const config = (paymentMethods: string[]) => ({
  stripePublishableKey: paymentMethods.includes("card") ? "pk_test_123" : null,
  currency: "bdt",
  googleEnabled: false,
  mailEnabled: false,
  paymentMethods,
});

function productApi(extra: ApiTable = {}): ApiTable {
  return { "/api/categorys": categories, "/api/products/42": laptop, "/api/me": buyer, "POST /api/bookings": { acknowledged: true, insertedId: "9" }, ...extra };
}

async function openBooking(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole("button", { name: "Book Now" }));
  const dialog = await screen.findByRole("dialog");
  await userEvent.type(within(dialog).getByLabelText(/number/i), "01712345678");
  await userEvent.type(within(dialog).getByRole("textbox", { name: "Meeting Location" }), "Dhanmondi 27");
  return dialog;
}

describe("the Book Now dialog's payment method", () => {
  it("offers the shop's methods as radios, cash first and chosen, each labelled, and sends the one chosen", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(productApi({ "/api/config": config(["cash", "card", "sslcommerz"]) }));
    renderApp("/product/42");
    // before booking, the page says how one can pay
    expect(await screen.findByTestId("payment-methods")).toHaveTextContent("How you can pay: Cash at the hand-over · Card · bKash, Nagad or card");

    const dialog = await openBooking();
    const group = within(dialog).getByRole("group", { name: "How will you pay?" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["cash", "card", "sslcommerz"]);
    expect(within(group).getByRole("radio", { name: "Cash at the hand-over" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "Cash at the hand-over" })).toHaveAccessibleDescription(/your hand-over code completes the sale/);
    await userEvent.click(within(group).getByRole("radio", { name: "Card" }));
    expect(within(group).getByRole("radio", { name: "Card" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: /submit/i }));

    await waitFor(() => expect(requestsTo(fetchMock, "/api/bookings", "POST")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchMock, "/api/bookings", "POST")[0]!.body))).toMatchObject({ ProductId: "42", paymentMethod: "card" });
  });

  it("says cash at the hand-over, with no choice and no card, when cash is all the shop takes", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(productApi({ "/api/config": config(["cash"]) }));
    renderApp("/product/42");
    expect(await screen.findByTestId("payment-methods")).toHaveTextContent("Pay at the hand-over: cash.");

    const dialog = await openBooking();
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(dialog).getByTestId("payment-method")).toHaveTextContent("Pay at the hand-over: cash.");
    expect(within(dialog).queryByText(/card/i)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: /submit/i }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/bookings", "POST")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchMock, "/api/bookings", "POST")[0]!.body))).toMatchObject({ paymentMethod: "cash" });
  });

  it("shows the server's refusal of a method under the choice", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      productApi({
        "/api/config": config(["cash", "card"]),
        "POST /api/bookings": reply(400, { message: "paymentMethod is not offered by this shop: choose cash", code: "invalid", fields: { paymentMethod: "is not offered by this shop: choose cash" } }),
      }),
    );
    renderApp("/product/42");
    const dialog = await openBooking();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Card" }));
    await userEvent.click(within(dialog).getByRole("button", { name: /submit/i }));
    expect(await within(dialog).findByText("Payment method is not offered by this shop: choose cash")).toBeInTheDocument();
  });
});

const LIST = "/api/bookings?email=rahim%40example.com";

function bookingApi(list: Booking[] | (() => Booking[]), extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    [LIST]: typeof list === "function" ? () => reply(200, list())({}) : list,
    ...extra,
  };
}

/** The booking's own row (numbered). */
function row(name: RegExp): HTMLElement {
  const rows = screen.getAllByRole("row", { name }).filter((r) => r.querySelector('th[scope="row"]'));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("My Booking's payment method", () => {
  const cash = booking({ _id: "11", paymentMethod: "cash", status: "accepted", handoverCode: "123456", handoverUrl: "http://localhost/dashboard/leads?handover=11&code=123456" });
  const card = booking({ _id: "12", productName: "MacBook Air M1 2020", ProductId: "102", paymentMethod: "card" });

  it("says cash at the hand-over for a cash booking, with no Pay and no card, and Pay by card for a card one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(bookingApi([cash, card], { "/api/config": config(["cash", "card"]) }));
    renderApp("/dashboard/mybooking");
    await screen.findByRole("table");
    const cashRow = row(/EliteBook/);
    await waitFor(() => expect(within(cashRow).getByTestId("booking-method")).toHaveTextContent("Pay at the hand-over: cash"));
    expect(within(cashRow).queryByRole("link", { name: /^Pay for/ })).not.toBeInTheDocument();
    expect(within(cashRow).queryByText(/by card/i)).not.toBeInTheDocument();
    expect(within(cashRow).getByRole("combobox", { name: "How you pay for HP EliteBook 840 G5" })).toHaveValue("cash");

    const cardRow = row(/MacBook/);
    expect(within(cardRow).getByTestId("booking-method")).toHaveTextContent("Pay by card");
    expect(within(cardRow).getByRole("link", { name: "Pay for MacBook Air M1 2020" })).toHaveAttribute("href", "/dashboard/payment/12");
  });

  it("changes the method of an unpaid booking, then shows the new one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let now = cash;
    const fetchMock = stubApi(
      bookingApi(() => [now], {
        "/api/config": config(["cash", "card", "sslcommerz"]),
        "PUT /api/bookings/11/payment-method": () => {
          now = { ...cash, paymentMethod: "card" };
          return reply(200, now)({});
        },
      }),
    );
    renderApp("/dashboard/mybooking");
    await screen.findByRole("table");
    const select = await within(row(/EliteBook/)).findByRole("combobox", { name: /How you pay for/ });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Cash at the hand-over", "Card", "bKash, Nagad or card"]);
    await userEvent.selectOptions(select, "card");

    await waitFor(() => expect(requestsTo(fetchMock, "/api/bookings/11/payment-method", "PUT")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchMock, "/api/bookings/11/payment-method", "PUT")[0]!.body))).toEqual({ paymentMethod: "card" });
    expect(await screen.findByText("You will pay for HP EliteBook 840 G5 this way: Card")).toBeInTheDocument();
    await waitFor(() => expect(within(row(/EliteBook/)).getByTestId("booking-method")).toHaveTextContent("Pay by card"));
    expect(within(row(/EliteBook/)).getByRole("link", { name: "Pay for HP EliteBook 840 G5" })).toBeInTheDocument();
  });

  it("offers no change where cash is all the shop takes, and none once paid", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const paid = booking({ _id: "13", productName: "Asus Zenbook", ProductId: "103", paymentMethod: "card", paid: true, status: "paid" });
    stubApi(bookingApi([cash, paid], { "/api/config": config(["cash"]) }));
    renderApp("/dashboard/mybooking");
    await screen.findByRole("table");
    await waitFor(() => expect(within(row(/EliteBook/)).getByTestId("booking-method")).toHaveTextContent("Pay at the hand-over: cash"));
    expect(screen.queryByRole("combobox", { name: /How you pay for/ })).not.toBeInTheDocument();
    expect(within(row(/Asus/)).queryByTestId("booking-method")).not.toBeInTheDocument();
  });
});

describe("the seller's leads say how the buyer pays", () => {
  const lead = (o: Partial<Lead>): Lead => ({
    _id: "21",
    status: "pending",
    buyerName: "Kamal Buyer",
    buyerEmail: "kamal@example.com",
    number: "01712345678",
    meetLocation: "Farmgate, Dhaka",
    price: 45000,
    paid: false,
    createdAt: "2026-11-22T10:00:00Z",
    handoverLocked: false,
    product: { _id: "101", productName: "HP EliteBook 840 G5", picture: "/uploads/0123456789abcdef0123456789abcdef.jpg" },
    ...o,
  });

  it("cash at the hand-over, by card, online; and a sale handed over unpaid was paid in cash", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({
      "/api/me": seller,
      "/api/categorys": categories,
      "/api/leads/new": { count: 1 },
      "/api/leads": [
        lead({ _id: "21", paymentMethod: "cash", buyerName: "Cash Buyer" }),
        lead({ _id: "22", paymentMethod: "card", buyerName: "Card Buyer", status: "accepted" }),
        lead({ _id: "23", paymentMethod: "sslcommerz", buyerName: "Bkash Buyer" }),
        lead({ _id: "24", paymentMethod: "cash", buyerName: "Done Buyer", status: "completed" }),
        lead({ _id: "25", paymentMethod: "sslcommerz", buyerName: "Paid Buyer", status: "paid", paid: true }),
      ],
    });
    renderApp("/dashboard/leads");
    const rowOf = async (name: string) => (await screen.findAllByRole("row", { name: new RegExp(name) }))[0]!;
    expect(await rowOf("Cash Buyer")).toHaveTextContent("The buyer pays in cash at the hand-over");
    expect(await rowOf("Card Buyer")).toHaveTextContent("The buyer pays by card");
    expect(await rowOf("Bkash Buyer")).toHaveTextContent("The buyer pays online");
    expect(await rowOf("Done Buyer")).toHaveTextContent("Paid in cash at the hand-over");
    expect(await rowOf("Paid Buyer")).toHaveTextContent("Paid online");
    expect(await rowOf("Paid Buyer")).not.toHaveTextContent(/card/i);
  });
});

describe("the payment page of a booking paid another way", () => {
  it("says cash at the hand-over and starts no card payment, until the buyer chooses Pay by card instead", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const cash = booking({ _id: "11", paymentMethod: "cash" });
    const fetchMock = stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      "/api/bookings/11": cash,
      "/api/config": config(["cash", "card"]),
      "POST /api/create-payment-intent": { clientSecret: "pi_1_secret_x" },
    });
    renderApp("/dashboard/payment/11");
    expect(await screen.findByTestId("booking-method")).toHaveTextContent("Pay at the hand-over: cash");
    expect(screen.getByText(/Nothing to pay here: pay the seller at Farmgate, Dhaka/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/create-payment-intent", "POST")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Pay by card instead" }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/create-payment-intent", "POST")).toHaveLength(1));
    expect(screen.queryByTestId("booking-method")).not.toBeInTheDocument();
  });

  it("offers no card where the shop takes none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/bookings/11": booking({ _id: "11", paymentMethod: "cash" }), "/api/config": config(["cash"]) });
    renderApp("/dashboard/payment/11");
    expect(await screen.findByTestId("booking-method")).toHaveTextContent("Pay at the hand-over: cash");
    expect(screen.queryByRole("button", { name: "Pay by card instead" })).not.toBeInTheDocument();
    expect(screen.queryByText(/card/i)).not.toBeInTheDocument();
  });
});

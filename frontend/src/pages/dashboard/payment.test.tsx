import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Booking } from "@/api/bookings";
import { TOKEN_KEY } from "@/lib/api";
import { booking, buyer, categories } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

// Stripe.js is an outside service: the page's one entry point to it is
// loadStripe, replaced here by a stand-in whose card field is a plain input.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeJs.loadStripe }));

type ConfirmResult = { paymentIntent: { id: string; status: string } } | { error: { type: string; message: string } };

/** fakeStripe is the few parts of a Stripe instance the page uses. */
function fakeStripe(confirm: () => Promise<ConfirmResult>, { cardReady = true } = {}) {
  const card = {
    mount: vi.fn((el: HTMLElement) => {
      const input = document.createElement("input");
      input.setAttribute("aria-label", "Card number");
      el.appendChild(input);
    }),
    on: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => (cardReady ? card : null)) };
  return { elements: vi.fn(() => elements), confirmCardPayment: vi.fn(confirm), card };
}

const SECRET = "pi_3Abc_secret_x";
const PI = "pi_3Abc";
const LIST = "/api/bookings?email=rahim%40example.com";

const ON = { stripePublishableKey: "pk_test_123", currency: "bdt", googleEnabled: false };
const OFF = { ...ON, stripePublishableKey: null };

function api(extra: ApiTable = {}, b: Booking = booking()): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    "/api/config": ON,
    "/api/bookings/11": b,
    [LIST]: [b],
    "POST /api/create-payment-intent": { clientSecret: SECRET },
    ...extra,
  };
}

function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, "tok");
  stripeJs.loadStripe.mockReset();
});

describe("payment page", () => {
  it("shows the product and price, and says plainly when card payments are off", async () => {
    const fetchMock = stubApi(api({ "/api/config": OFF }));
    renderApp("/dashboard/payment/11");
    expect(await screen.findByRole("heading", { name: "Payment for HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(screen.getByText("45,000 Tk")).toBeInTheDocument();
    expect(await screen.findByText(/Card payments are not set up on this shop yet\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(requestsTo(fetchMock, "/api/create-payment-intent")).toHaveLength(0);
  });

  it("says the booking is already paid, with a way back, and loads no card form", async () => {
    stubApi(api({}, booking({ paid: true })));
    renderApp("/dashboard/payment/11");
    expect(await screen.findByText("This booking is already paid.")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /Back to My Booking/ })[0]).toHaveAttribute("href", "/dashboard/mybooking");
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it("says so when the booking is unknown or someone else's", async () => {
    stubApi(api({ "/api/bookings/11": reply(404, { message: "Booking not found", code: "not_found" }) }));
    renderApp("/dashboard/payment/11");
    expect(await screen.findByRole("heading", { name: "Booking not found" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
  });

  it("does nothing on Pay while the card field is not ready", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }), { cardReady: false });
    stripeJs.loadStripe.mockResolvedValue(stripe);
    const fetchMock = stubApi(api());
    renderApp("/dashboard/payment/11");
    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(requestsTo(fetchMock, "/api/payments")).toHaveLength(0);
  });

  it("disables Pay with a spinner while the card is being confirmed", async () => {
    let finish: (r: ConfirmResult) => void = () => {};
    const stripe = fakeStripe(() => new Promise<ConfirmResult>((resolve) => (finish = resolve)));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    stubApi(api());
    renderApp("/dashboard/payment/11");

    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    expect(pay).toHaveAttribute("aria-busy", "true");
    expect(pay.querySelector(".loading-spinner")).not.toBeNull();
    await userEvent.click(pay);
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);

    finish({ error: { type: "card_error", message: "Your card has insufficient funds." } });
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it("shows the card provider's error in red and records nothing", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ error: { type: "card_error", message: "Your card was declined." } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    const fetchMock = stubApi(api());
    const router = renderApp("/dashboard/payment/11");

    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    const error = await screen.findByText("Your card was declined.");
    expect(error).toHaveClass("text-error");
    expect(error).toHaveAttribute("role", "alert");
    expect(requestsTo(fetchMock, "/api/payments")).toHaveLength(0);
    expect(router.state.location.pathname).toBe("/dashboard/payment/11");
    expect(screen.queryByText("Payment Success")).not.toBeInTheDocument();
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it("confirms the card, records the payment with the intent id, toasts Payment Success and goes to /dashboard", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    let paidNow = false;
    const fetchMock = stubApi(
      api({
        "POST /api/payments": () => {
          paidNow = true;
          return reply(200, { acknowledged: true, insertedId: "9" })({});
        },
        [LIST]: () => reply(200, [booking({ paid: paidNow })])({}),
      }),
    );
    const router = renderApp("/dashboard/payment/11");
    expect(await screen.findByText(/Test mode/)).toBeInTheDocument();

    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByText("Payment Success")).toBeInTheDocument();
    expect(screen.getByText(`Transaction id: ${PI}`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    expect(await screen.findByText("Paid")).toBeInTheDocument();

    expect(stripeJs.loadStripe).toHaveBeenCalledWith("pk_test_123");
    expect(requestsTo(fetchMock, "/api/create-payment-intent", "POST").map(bodyOf)).toEqual([{ bookingId: "11" }]);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: { card: stripe.card, billing_details: { name: buyer.userName, email: buyer.email } },
    });
    expect(requestsTo(fetchMock, "/api/payments", "POST").map(bodyOf)).toEqual([
      { bookingId: "11", ProductId: "101", price: 45000, buyerEmail: buyer.email, transactionId: PI },
    ]);
  });

  it("tells the buyer when the laptop was sold to someone else before they paid", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    stubApi(api({ "POST /api/create-payment-intent": reply(409, { message: "This product is no longer for sale", code: "sold" }) }));
    renderApp("/dashboard/payment/11");
    expect(await screen.findByText(/This product is no longer for sale/)).toBeInTheDocument();
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(stripe.elements).toHaveBeenCalled());
    expect(pay).toBeDisabled();
  });

  it("explains the refund when someone else bought it moments before", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    const refund = "This laptop was sold to someone else moments before your payment. Your payment is recorded and will be refunded.";
    const fetchMock = stubApi(api({ "POST /api/payments": reply(409, { message: refund, code: "refund_required" }) }));
    const router = renderApp("/dashboard/payment/11");
    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(await screen.findByText(refund)).toBeInTheDocument();
    expect(screen.queryByText("Payment Success")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/payment/11");
    expect(pay).toBeDisabled();
    expect(requestsTo(fetchMock, "/api/payments", "POST")).toHaveLength(1);
  });

  it("says the price changed while the payment was prepared, shows the new price, and Pay charges it (#31)", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    let intents = 0;
    const fetchMock = stubApi(
      api({
        "POST /api/create-payment-intent": () => {
          intents += 1;
          return intents === 1
            ? reply(409, { message: "The price of this booking changed", code: "price_changed" })({})
            : reply(200, { clientSecret: SECRET })({});
        },
        "/api/bookings/11": () => reply(200, booking({ price: intents > 0 ? 40000 : 45000 }))({}),
        "POST /api/payments": reply(200, { acknowledged: true, insertedId: "9" }),
      }),
    );
    const router = renderApp("/dashboard/payment/11");
    expect(await screen.findByText(/The price of this booking changed while your payment was being prepared/)).toBeInTheDocument();
    expect(await screen.findByText(/40,000/)).toBeInTheDocument();
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(requestsTo(fetchMock, "/api/create-payment-intent", "POST")).toHaveLength(2);
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
  });

  it("after a payment of the earlier price is refunded, Pay starts a new payment for the new price (#31)", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    let reports = 0;
    const fetchMock = stubApi(
      api({
        "POST /api/payments": () => {
          reports += 1;
          return reports === 1
            ? reply(409, { message: "This payment was made for the booking as it was before", code: "payment_refunded" })({})
            : reply(200, { acknowledged: true, insertedId: "9" })({});
        },
        [LIST]: [],
      }),
    );
    const router = renderApp("/dashboard/payment/11");
    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(await screen.findByText(/It is recorded and will be refunded to your card/)).toBeInTheDocument();
    expect(screen.queryByText(/you will not be charged twice/)).not.toBeInTheDocument();
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    // a new PaymentIntent, confirmed anew: the refunded one is not reported again as this booking's payment
    expect(requestsTo(fetchMock, "/api/create-payment-intent", "POST")).toHaveLength(2);
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(2);
  });

  it("after a charged card whose report failed, Pay only reports it again", async () => {
    const stripe = fakeStripe(() => Promise.resolve({ paymentIntent: { id: PI, status: "succeeded" } }));
    stripeJs.loadStripe.mockResolvedValue(stripe);
    let calls = 0;
    const fetchMock = stubApi(
      api({
        "POST /api/payments": () => {
          calls += 1;
          return calls === 1
            ? reply(502, { message: "The card payment service did not answer, please try again", code: "card_service" })({})
            : reply(200, { acknowledged: true, insertedId: "9" })({});
        },
        [LIST]: [],
      }),
    );
    const router = renderApp("/dashboard/payment/11");
    const pay = await screen.findByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(await screen.findByText(/Your card was charged, but the shop could not confirm it yet/)).toBeInTheDocument();
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(requestsTo(fetchMock, "/api/payments", "POST")).toHaveLength(2);
  });
});

// Card payments for bookings. The server creates the Stripe PaymentIntent
// for the booking's price and, once the browser reports it, asks Stripe
// itself before recording anything. The Stripe.js side lives in the
// payment page only, so it stays out of the first-load bundle.
import useSWRMutation from "swr/mutation";
import { isBookingKey } from "@/api/bookings";
import { isProductListKey, type Inserted } from "@/api/products";
import { apiFetch, ApiError } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";

export const PAYMENT_INTENT_KEY = "/api/create-payment-intent";
export const PAYMENTS_KEY = "/api/payments";

/** POST /api/create-payment-intent answer: what Stripe.js confirms the card against. */
export type PaymentIntentSecret = { clientSecret: string };

/** POST /api/payments body: the spec's payment record. */
export type NewPayment = {
  bookingId: string;
  ProductId: string;
  /** Whole Tk; the server uses the booking's own price. */
  price: number;
  buyerEmail: string;
  /** The Stripe PaymentIntent id ("pi_..."). */
  transactionId: string;
};

/** True for what a payment, recorded or refused, can change: the bookings (now paid) and the product lists (the laptop is sold). */
function isPaymentWriteKey(key: string): boolean {
  return isBookingKey(key) || isProductListKey(key);
}

/**
 * usePayment is the card payment of bookings, server side, in two writes:
 *
 * createIntent(bookingId) starts (or resumes: the server reuses one per
 * booking) the booking's PaymentIntent. Errors worth telling apart by
 * code: 503 "payments_off", 409 "paid" (the bookings are refetched, so
 * the page shows it paid), 409 "price_changed" (an offer was accepted
 * meanwhile: the bookings are refetched, so the page shows the new price;
 * the next call starts a payment for it), 409 "sold", 404.
 *
 * record(payment) reports a succeeded card payment; posting it twice
 * records it once. Done or refused (refund_required: someone else bought
 * it first), the bookings and product lists are refetched. Errors by
 * code: 409 "not_paid", "payment_mismatch", "refund_required",
 * "payment_refunded" (it paid the booking's earlier price: refunded).
 */
export function usePayment() {
  const revalidate = useRevalidate(isPaymentWriteKey);
  const intent = useSWRMutation<PaymentIntentSecret, ApiError, string, string>(PAYMENT_INTENT_KEY, async (path, { arg: bookingId }) => {
    try {
      return await apiFetch<PaymentIntentSecret>(path, { method: "POST", json: { bookingId } });
    } catch (err) {
      if (err instanceof ApiError && (err.code === "paid" || err.code === "price_changed")) void revalidate();
      throw err;
    }
  });
  const payment = useSWRMutation<Inserted, ApiError, string, NewPayment>(PAYMENTS_KEY, async (path, { arg }) => {
    try {
      return await apiFetch<Inserted>(path, { method: "POST", json: arg });
    } finally {
      await revalidate();
    }
  });
  return { createIntent: intent.trigger, record: payment.trigger };
}

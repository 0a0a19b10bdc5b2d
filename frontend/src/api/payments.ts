// Card payments for bookings. The server creates the Stripe PaymentIntent
// for the booking's price and, once the browser reports it, asks Stripe
// itself before recording anything. The Stripe.js side lives in the
// payment page only, so it stays out of the first-load bundle.
import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { isBookingKey } from "@/api/bookings";
import { isProductListKey, type Inserted } from "@/api/products";
import { apiFetch, type ApiError } from "@/lib/api";

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

/**
 * useCreatePaymentIntent starts (or resumes: the server reuses one per
 * booking) the card payment of a booking. Errors worth telling apart by
 * code: 503 "payments_off", 409 "paid", 409 "sold", 404.
 */
export function useCreatePaymentIntent() {
  return useSWRMutation<PaymentIntentSecret, ApiError, string, string>(PAYMENT_INTENT_KEY, (path, { arg: bookingId }) =>
    apiFetch<PaymentIntentSecret>(path, { method: "POST", json: { bookingId } }),
  );
}

/**
 * useRecordPayment reports a succeeded card payment; posting it twice
 * records it once. Then the bookings (now paid) and product lists (the
 * laptop is sold) are refetched. Errors by code: 409 "not_paid",
 * "payment_mismatch", "refund_required" (someone else bought it first).
 */
export function useRecordPayment() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Inserted, ApiError, string, NewPayment>(PAYMENTS_KEY, async (path, { arg }) => {
    try {
      return await apiFetch<Inserted>(path, { method: "POST", json: arg });
    } finally {
      // a refused report can change things too (refund_required: sold to someone else)
      void mutate(isBookingKey);
      void mutate(isProductListKey);
    }
  });
}

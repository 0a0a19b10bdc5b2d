// Paying a booking online through SSLCommerz (#34): bKash, Nagad, Rocket,
// cards and internet banking on the gateway's own page. The server starts
// a checkout for the booking's price from the database and answers the
// page's address; the buyer's browser goes there, pays (or cancels), and
// the gateway sends it back to the shop, which validates the payment with
// the gateway before anything is recorded, then on to My Booking with
// ?payment=OUTCOME&booking=ID.
import useSWRMutation from "swr/mutation";
import { isBookingKey } from "@/api/bookings";
import { apiFetch, ApiError } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";

export const SSLCOMMERZ_SESSION_KEY = "/api/payments/sslcommerz/session";

/** POST /api/payments/sslcommerz/session answer: the gateway's page for this attempt. */
export type GatewayURL = { gatewayUrl: string };

/** What became of a payment the gateway sent the buyer back from (the redirect's ?payment=). */
export type PaymentOutcome = "paid" | "refunded" | "failed" | "cancelled" | "pending";

const outcomes: readonly PaymentOutcome[] = ["paid", "refunded", "failed", "cancelled", "pending"];

/** outcomeOf reads ?payment= of My Booking's address; null when it is none of the outcomes. */
export function outcomeOf(value: string | null): PaymentOutcome | null {
  return outcomes.find((o) => o === value) ?? null;
}

/**
 * useStartOnlinePayment starts paying a booking through SSLCommerz and
 * answers the gateway's page. Errors by code: 409 "paid" or "sold" (the
 * bookings are refetched, so the page shows why), 502 "payment_service"
 * (the gateway did not answer: try again), 503 "payments_off".
 */
export function useStartOnlinePayment() {
  const revalidate = useRevalidate(isBookingKey);
  return useSWRMutation<GatewayURL, ApiError, string, string>(SSLCOMMERZ_SESSION_KEY, async (path, { arg: bookingId }) => {
    try {
      return await apiFetch<GatewayURL>(path, { method: "POST", json: { bookingId } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) void revalidate();
      throw err;
    }
  });
}

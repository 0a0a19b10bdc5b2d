// What the app needs to know about the server at start.
import useSWR from "swr";
import type { PaymentMethod } from "@/api/bookings";

/** GET /api/config. */
export type AppConfig = {
  /** Stripe publishable key, or null when card payment is not set up. */
  stripePublishableKey: string | null;
  /** ISO currency code the server charges in, e.g. "bdt". */
  currency: string;
  /** Whether the "Continue with Google" button should show. */
  googleEnabled: boolean;
  /** Whether the shop sends email, so accounts are asked to verify theirs. */
  mailEnabled: boolean;
  /** The ways a buyer may choose to pay a booking (#34): cash always, first, then the online ones set up. */
  paymentMethods?: PaymentMethod[];
  /** What a seller pays to advertise a laptop, whole Tk (#34, ADVERTISE_PRICE); 0 or absent: free. */
  advertisePrice?: number;
  /** Whether the shop sends SMS (#35): verifying a phone, logging in with one, SMS notifications. Absent from an older server: off. */
  sms?: boolean;
  /** Whether the shop pushes notifications to browsers (#37), and the VAPID public key to subscribe with. Absent from an older server: off. */
  push?: boolean;
  pushPublicKey?: string | null;
};

/** The SWR key of the app config. */
export const CONFIG_KEY = "/api/config";

/** useConfig loads the server's public settings once per session. */
export function useConfig() {
  return useSWR<AppConfig>(CONFIG_KEY, { revalidateOnFocus: false, revalidateIfStale: false });
}

/**
 * offeredMethods is what the shop offers a buyer: the config's
 * paymentMethods, or, from a server older than #34, cash and card when a
 * Stripe key is set; cash alone while the config loads.
 */
export function offeredMethods(config: AppConfig | undefined): PaymentMethod[] {
  if (!config) return ["cash"];
  if (config.paymentMethods && config.paymentMethods.length > 0) return config.paymentMethods;
  return config.stripePublishableKey ? ["cash", "card"] : ["cash"];
}

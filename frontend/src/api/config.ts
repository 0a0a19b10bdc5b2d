// What the app needs to know about the server at start.
import useSWR from "swr";

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
};

/** The SWR key of the app config. */
export const CONFIG_KEY = "/api/config";

/** useConfig loads the server's public settings once per session. */
export function useConfig() {
  return useSWR<AppConfig>(CONFIG_KEY, { revalidateOnFocus: false, revalidateIfStale: false });
}

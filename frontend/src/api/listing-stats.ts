// Per-listing numbers (#37): the product page's beacons (a view once it
// shows, a reveal when someone taps Call or WhatsApp), and what the seller
// reads back: a listing's last 30 days (GET /api/products/:id/stats) and
// the seller's summary (GET /api/me/stats). The server counts each person
// once a day, leaves bots and the seller out, and keeps no one's identity.
import useSWR from "swr";
import { getToken, type ApiError } from "@/lib/api";

/** The five numbers, in the order the pages show them. */
export const COUNTERS = ["views", "reveals", "chats", "favourites", "bookings"] as const;
export type Counter = (typeof COUNTERS)[number];

/** The five numbers added up. */
export type ListingCounts = Record<Counter, number>;

/** One day of numbers; date is the shop's day, YYYY-MM-DD. */
export type ListingDay = ListingCounts & { date: string };

/** GET /api/products/:id/stats. */
export type ListingStats = {
  productId: string;
  productName: string;
  timeZone: string;
  /** 30 days, oldest first; the last is today. */
  days: ListingDay[];
  totals: ListingCounts;
};

/** One of the seller's most viewed listings. */
export type TopListing = { _id: string; productName: string; picture: string; totals: ListingCounts };

/** GET /api/me/stats. */
export type SellerStats = {
  timeZone: string;
  days: ListingDay[];
  totals: ListingCounts;
  top: TopListing[];
};

export const listingStatsKey = (id: string) => `/api/products/${encodeURIComponent(id)}/stats`;
export const MY_STATS_KEY = "/api/me/stats";

/** useListingStats loads a listing's numbers (its seller or an admin). */
export function useListingStats(id: string | undefined) {
  return useSWR<ListingStats, ApiError>(id ? listingStatsKey(id) : null, { revalidateOnFocus: true });
}

/** useMyStats loads the signed-in seller's summary. */
export function useMyStats() {
  return useSWR<SellerStats, ApiError>(MY_STATS_KEY, { revalidateOnFocus: true });
}

/**
 * sendBeacon tells the server a product page showed ("view") or its
 * seller's number was tapped ("reveal"). Fire and forget: keepalive lets
 * it finish while a tap on Call leaves the page, and no answer is read
 * (nor the app's write event fired: nothing the user sees changes).
 */
export function sendBeacon(kind: "view" | "reveal", productId: string): void {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    void fetch(`/api/products/${encodeURIComponent(productId)}/${kind}`, { method: "POST", headers, keepalive: true }).catch(() => undefined);
  } catch {
    // a browser without fetch, or one that refuses keepalive: not worth a word
  }
}

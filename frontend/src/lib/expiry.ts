// A listing's life (LISTING_DAYS on the server): it leaves the catalogue at
// expiresAt unless its seller renews it, and the seller is told
// EXPIRY_WARNING_DAYS before.

/** How many days before its end a listing's seller is told, and offered Renew. */
export const EXPIRY_WARNING_DAYS = 3;

/** Where a listing is in its period: out of the catalogue, ending within the warning, or with time left. */
export type ListingEnd = "expired" | "soon" | "later";

/**
 * listingEnd says where a listing stands at now: expired once the server
 * took it out (or its end has passed and the server has not yet), soon
 * within EXPIRY_WARNING_DAYS, else later. A listing from an older server,
 * with no end, is later.
 */
export function listingEnd(p: { expiresAt?: string; expired?: boolean }, now: number = Date.now()): ListingEnd {
  if (p.expired) return "expired";
  if (!p.expiresAt) return "later";
  const end = Date.parse(p.expiresAt);
  if (Number.isNaN(end)) return "later";
  if (end <= now) return "expired";
  return end - now <= EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000 ? "soon" : "later";
}

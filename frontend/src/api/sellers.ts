// Sellers and reviews (#20): a seller's public page (GET /api/sellers/{id})
// and their reviews, the buyer's one review of a completed or paid booking,
// the seller's one reply, and an admin's removal with a reason. Wire types,
// SWR keys (the API paths) and hooks; every write refetches what it
// changes: the seller's page and reviews, the buyer's bookings, and the
// catalogue (its cards carry the seller's rating).
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { isBookingListKey } from "@/api/bookings";
import { isProductKey } from "@/api/products";
import type { Shop } from "@/api/shops";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";

/** A seller's rating: the average of their reviews (0 without any) and how many. */
export type Rating = { average: number; count: number };

/** GET /api/sellers/{id}. */
export type Seller = {
  _id: string;
  userName: string;
  userPhoto: string;
  verify: boolean;
  /** The seller's phone is proven by an SMS code (#35); absent from an older server. */
  phoneVerified?: boolean;
  /** When the account was made, RFC 3339. */
  joinedAt: string;
  activeListings: number;
  soldCount: number;
  rating: Rating;
  /** The typical minutes to a first reply in the last 90 days; null with too few conversations. */
  responseMinutes: number | null;
  /** The seller's shop page (#37): logo, banner, address, hours, map position, about; absent from an older server. */
  shop?: Shop;
};

/** One review on a seller's page. */
export type Review = {
  _id: string;
  rating: number;
  text: string;
  /** The seller's one reply, or null. */
  reply: string | null;
  repliedAt: string | null;
  /** "" when the buyer's account is closed. */
  buyerName: string;
  createdAt: string;
};

/** A review's and a reply's text are at most this many characters. */
export const REVIEW_TEXT_MAX = 1000;

export const sellerKey = (id: string) => `/api/sellers/${encodeURIComponent(id)}`;
export const sellerReviewsKey = (id: string) => `${sellerKey(id)}/reviews`;

/** True for every seller page and review list. */
function isSellerKey(key: string): boolean {
  return key.startsWith("/api/sellers/");
}

/** What a review, a reply or a removal changes: sellers, bookings and the cards' ratings. */
function isReviewedKey(key: string): boolean {
  return isSellerKey(key) || isBookingListKey(key) || key.startsWith("/api/bookings/") || isProductKey(key);
}

/** useSeller loads a seller's public page; a 404 is an unknown, deleted or non-seller id. */
export function useSeller(id: string | undefined) {
  return useSWR<Seller, ApiError>(id ? sellerKey(id) : null);
}

/** useSellerReviews loads a seller's reviews, newest first, a page at a time. */
export function useSellerReviews(id: string | undefined) {
  return usePagedList<Review>(id ? sellerReviewsKey(id) : null);
}

/** POST /api/bookings/{id}/review body. */
export type NewReview = { bookingId: string; rating: number; text: string };

/** useCreateReview writes the buyer's review of a booking's seller (once: 409 after). */
export function useCreateReview() {
  const revalidate = useRevalidate(isReviewedKey);
  return useSWRMutation<Review, ApiError, string, NewReview>("/api/bookings", async (_key, { arg }) => {
    try {
      return await apiFetch<Review>(`/api/bookings/${encodeURIComponent(arg.bookingId)}/review`, {
        method: "POST",
        json: { rating: arg.rating, text: arg.text },
      });
    } finally {
      await revalidate();
    }
  });
}

/** useReplyToReview sets the seller's one reply to a review of theirs. */
export function useReplyToReview() {
  const revalidate = useRevalidate(isSellerKey);
  return useSWRMutation<unknown, ApiError, string, { reviewId: string; text: string }>("/api/reviews", async (_key, { arg }) => {
    try {
      return await apiFetch<unknown>(`/api/reviews/${encodeURIComponent(arg.reviewId)}/reply`, { method: "PUT", json: { text: arg.text } });
    } finally {
      await revalidate();
    }
  });
}

/** useRemoveReview is an admin's removal of a review, with the reason the audit log keeps. */
export function useRemoveReview() {
  const revalidate = useRevalidate(isReviewedKey);
  return useSWRMutation<unknown, ApiError, string, { reviewId: string; reason: string }>("/api/reviews", async (_key, { arg }) => {
    try {
      return await apiFetch<unknown>(`/api/reviews/${encodeURIComponent(arg.reviewId)}`, { method: "DELETE", json: { reason: arg.reason } });
    } finally {
      await revalidate();
    }
  });
}

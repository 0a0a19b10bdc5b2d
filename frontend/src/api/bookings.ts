// Bookings: a buyer books a product by leaving a phone number and a place
// to meet, sees their bookings with where each stands (waiting, accepted
// and reserved for them with a hand-over code, declined, paid, completed),
// and may cancel an open unpaid one. Wire types, SWR keys (the API paths) and hooks; every
// write refetches the booking lists, paged ones on screen included, before
// its trigger resolves.
import { useMemo } from "react";
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";
import { isProductKey, type Deleted, type Inserted } from "@/api/products";
import type { HandoverCheck } from "@/api/checks";

/** Where a booking stands; cancelled ones are never in the buyer's list. */
export type BookingStatus = "pending" | "accepted" | "declined" | "paid" | "completed";

/**
 * Why a booking was declined: the seller said no (declineReason may hold
 * their words), the seller accepted another buyer, the 72-hour reservation
 * ran out, or the laptop was sold.
 */
export type DeclineCode = "seller" | "reserved" | "expired" | "sold" | "removed";

/** The booked product as it is now (it may have been sold, reserved or deleted since). */
export type BookingProduct = {
  _id: string;
  productName: string;
  picture: string;
  available: "available" | "soled";
  /** True while some booking of it is accepted. */
  reserved: boolean;
  /** True once its seller or an admin deleted it: it has no page. */
  deleted: boolean;
};

/**
 * How a booking will be paid (#34): cash at the hand-over (the hand-over
 * code completes it), card (Stripe) or sslcommerz (bKash, Nagad, cards
 * through SSLCommerz).
 */
export type PaymentMethod = "cash" | "card" | "sslcommerz";

/** A booking as the API answers it (the spec's field names). */
export type Booking = {
  _id: string;
  productName: string;
  /** Whole Tk, taken from the product when it was booked. */
  price: number;
  meetLocation: string;
  /** True once an online payment for it is recorded. */
  paid: boolean;
  /** How it will be paid (absent from a server older than #34, whose one online way was card). */
  paymentMethod?: PaymentMethod;
  buyerEmail: string;
  buyerName: string;
  ProductId: string;
  /** The buyer's contact number. */
  number: string;
  status: BookingStatus;
  /** When it was made, RFC 3339. */
  createdAt: string;
  /** Only while accepted: when the reservation ends, RFC 3339. */
  reservedUntil?: string;
  /** Only when declined. */
  declineCode?: DeclineCode;
  /** The seller's words, at most 200 characters; only when declined. */
  declineReason?: string;
  /** The six-digit hand-over code; only to the booking's buyer, while accepted or paid. */
  handoverCode?: string;
  /** What the hand-over QR encodes (the seller's page with the code); same condition as handoverCode. */
  handoverUrl?: string;
  product: BookingProduct;
  /** The hand-over check (#40): resale-check run at the meeting with the buyer's code; null until then. */
  handoverCheck?: HandoverCheck | null;
  /** The buyer's review of the seller for this booking (#20), null when none; a removed one cannot be written again. */
  review?: { _id: string; rating: number; removed: boolean } | null;
  /** True when the buyer may review the seller now (completed or paid, not reviewed). */
  reviewable?: boolean;
};

/** True while a booking still stands: waiting, accepted or paid (not declined or completed). */
export function isOpenBooking(b: Booking): boolean {
  return b.status === "pending" || b.status === "accepted" || b.status === "paid";
}

/**
 * POST /api/bookings body, all seven of the spec's fields. The server takes
 * the buyer's name and email from the token and the product's name and
 * price from the database; the rest is the buyer's.
 */
export type NewBooking = {
  ProductId: string;
  number: string;
  meetLocation: string;
  buyerName: string;
  buyerEmail: string;
  productName: string;
  price: number;
  /** How the buyer means to pay (#34); cash when absent. */
  paymentMethod?: PaymentMethod;
};

/**
 * methodOf is how a booking will be paid. A server older than #34 does not
 * say: card was then its only way to pay online, and Pay was offered.
 */
export function methodOf(b: Pick<Booking, "paymentMethod">): PaymentMethod {
  return b.paymentMethod ?? "card";
}

export const BOOKINGS_KEY = "/api/bookings";

/** The SWR key of one buyer's bookings. */
export function bookingsKey(email: string): string {
  return `${BOOKINGS_KEY}?email=${encodeURIComponent(email)}`;
}

/** The SWR key of one booking. */
export function bookingKey(id: string): string {
  return `${BOOKINGS_KEY}/${encodeURIComponent(id)}`;
}

/** True for the SWR keys of every booking answer: the lists and single bookings. */
export function isBookingKey(key: unknown): boolean {
  return typeof key === "string" && (key.startsWith(`${BOOKINGS_KEY}?`) || key.startsWith(`${BOOKINGS_KEY}/`));
}

/** useBookings loads a buyer's bookings a page at a time; pass undefined to wait (see usePagedList). */
export function useBookings(email: string | undefined) {
  return usePagedList<Booking>(email ? bookingsKey(email) : null);
}

/** GET /api/bookings/booked: every product the caller has an open booking of. */
export const BOOKED_KEY = `${BOOKINGS_KEY}/booked`;

/**
 * useBookedIds is the set of product ids the signed-in buyer has an open
 * booking of, all of them whatever page of their bookings each is on, so a
 * card says Booked instead of Book Now; a declined booking does not count
 * (the card then says what the product says: reserved for someone else, or
 * free to book again). From an older server without /api/bookings/booked,
 * the first page of their bookings. Empty while loading or signed out.
 */
export function useBookedIds(email: string | undefined): ReadonlySet<string> {
  const booked = useSWR<{ productIds: string[] }, ApiError>(email ? BOOKED_KEY : null);
  const { data } = useBookings(email && booked.error ? email : undefined);
  return useMemo(
    () => new Set(booked.data ? booked.data.productIds : (data ?? []).filter(isOpenBooking).map((b) => b.ProductId)),
    [booked.data, data],
  );
}

/** useBooking loads one of the caller's bookings (404 for anyone else's). */
export function useBooking(id: string | undefined, refreshInterval: number | ((latest?: Booking) => number) = 0) {
  return useSWR<Booking, ApiError>(id ? bookingKey(id) : null, { refreshInterval });
}

/** True for the SWR keys of the booking lists (not single bookings). */
export function isBookingListKey(key: string): boolean {
  return key.startsWith(`${BOOKINGS_KEY}?`) || key === BOOKED_KEY;
}

/**
 * useCreateBooking books a product, then refetches the caller's bookings.
 * A refusal (409: the laptop is booked by another buyer, or sold) refetches
 * the products instead, so the cards and page behind the dialog say so too.
 */
export function useCreateBooking() {
  const revalidate = useRevalidate(isBookingListKey);
  const refreshProducts = useRevalidate(isProductKey);
  return useSWRMutation<Inserted, ApiError, string, NewBooking>(BOOKINGS_KEY, async (path, { arg }) => {
    const res = await apiFetch<Inserted>(path, { method: "POST", json: arg }).catch(async (err: unknown) => {
      await refreshProducts();
      throw err;
    });
    await revalidate();
    return res;
  });
}

/**
 * useCancelBooking deletes one of the caller's unpaid bookings (409 "paid"
 * for a paid one), then, done or refused, refetches the booking lists.
 */
export function useCancelBooking() {
  const revalidate = useRevalidate(isBookingListKey);
  return useSWRMutation<Deleted, ApiError, string, string>(BOOKINGS_KEY, async (_key, { arg: id }) => {
    try {
      return await apiFetch<Deleted>(bookingKey(id), { method: "DELETE" });
    } finally {
      await revalidate();
    }
  });
}

/** PUT /api/bookings/{id}/payment-method's argument. */
export type PaymentMethodChange = { id: string; paymentMethod: PaymentMethod };

/**
 * useChangePaymentMethod changes how one of the caller's unpaid bookings
 * will be paid (409 once it is paid or closed), then, done or refused,
 * refetches the booking lists and the booking.
 */
export function useChangePaymentMethod() {
  const revalidate = useRevalidate(isBookingKey);
  return useSWRMutation<Booking, ApiError, string, PaymentMethodChange>(BOOKINGS_KEY, async (_key, { arg }) => {
    try {
      return await apiFetch<Booking>(`${bookingKey(arg.id)}/payment-method`, { method: "PUT", json: { paymentMethod: arg.paymentMethod } });
    } finally {
      await revalidate();
    }
  });
}

// Leads: the seller's side of a sale. The bookings on a seller's laptops
// (every booking, for an admin), the count of new ones for the dashboard
// menu, and the seller's answers: accept (the laptop is reserved for that
// buyer), decline, and the hand-over (the buyer's 6-digit code). Wire
// types, SWR keys (the API paths) and hooks; every write refetches the
// leads, the count, the bookings and the product lists (a laptop becomes
// reserved or sold) before its trigger resolves.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { bookingKey, isBookingKey } from "@/api/bookings";
import { UNREAD_KEY, UNREAD_POLL_MS } from "@/api/notifications";
import { isProductListKey, PRODUCTS_KEY } from "@/api/products";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";
import type { PaymentMethod } from "@/api/bookings";
import type { HandoverCheck } from "@/api/checks";

/** Where a booking is on its way from "booked" to "handed over". */
export type LeadStatus = "pending" | "accepted" | "declined" | "cancelled" | "paid" | "completed";

/**
 * Why a booking was declined: seller = by the seller (declineReason may
 * hold their words); reserved = the seller accepted another buyer;
 * expired = the 72 h reservation ran out; sold = the laptop was sold.
 */
export type DeclineCode = "seller" | "reserved" | "expired" | "sold" | "removed";

/** The laptop a lead is about. */
export type LeadProduct = {
  _id: string;
  productName: string;
  picture: string;
};

/** One item of GET /api/leads (the contract's field names). */
export type Lead = {
  _id: string;
  status: LeadStatus;
  buyerName: string;
  buyerEmail: string;
  /** The buyer's phone as typed, e.g. "01712345678". */
  number: string;
  meetLocation: string;
  /** Whole Tk, taken from the product when it was booked. */
  price: number;
  paid: boolean;
  /** How the buyer pays (#34); absent from an older server. */
  paymentMethod?: PaymentMethod;
  /** RFC 3339. */
  createdAt: string;
  /** While accepted: when the reservation ends (RFC 3339). */
  reservedUntil?: string;
  /** Only when declined. */
  declineCode?: DeclineCode;
  /** The seller's words when they declined, at most 200 characters. */
  declineReason?: string;
  /** True after 5 wrong hand-over codes: no more tries for an hour. */
  handoverLocked: boolean;
  product: LeadProduct;
  /** The hand-over check (#40): resale-check run with the buyer's code; null until then. */
  handoverCheck?: HandoverCheck | null;
};

/** GET /api/leads/new: the pending leads waiting for the seller. */
export type NewLeadCount = { count: number };

/** PUT /api/bookings/{id}/decline: the booking and the seller's optional words. */
export type DeclineArg = { id: string; reason?: string };

/** POST /api/bookings/{id}/handover: the booking and the buyer's 6-digit code. */
export type HandoverArg = { id: string; code: string };

export const LEADS_KEY = "/api/leads";
export const NEW_LEADS_KEY = "/api/leads/new";

/** The longest reason a seller may give for declining. */
export const DECLINE_REASON_MAX = 200;

/** True for the leads list (every page) and the new-lead count. */
export function isLeadKey(key: string): boolean {
  return key === LEADS_KEY || key.startsWith(`${LEADS_KEY}?`) || key === NEW_LEADS_KEY;
}

/**
 * True for everything a seller's answer changes: the leads and their count,
 * the bookings (the buyer's side of the same rows), every product list and
 * product page (a laptop becomes reserved, or sold), and the bell's count
 * (a hand-over notifies both sides).
 */
export function isLeadWriteKey(key: string): boolean {
  return isLeadKey(key) || isBookingKey(key) || isProductListKey(key) || key.startsWith(`${PRODUCTS_KEY}/`) || key === UNREAD_KEY;
}

/** useLeads loads the bookings on the caller's laptops (all of them for an admin), newest first, a page at a time. */
export function useLeads() {
  return usePagedList<Lead>(LEADS_KEY);
}

/**
 * useNewLeadCount is the menu's count of new leads, or nothing when
 * `enabled` is false. Like the bell's count it is asked again every 30 s
 * while the tab is visible and when the tab regains focus.
 */
export function useNewLeadCount(enabled: boolean) {
  return useSWR<NewLeadCount, ApiError>(enabled ? NEW_LEADS_KEY : null, {
    refreshInterval: UNREAD_POLL_MS,
    refreshWhenHidden: false,
    revalidateOnFocus: true,
  });
}

/**
 * useLeadWrite sends one of the seller's answers, then, done or refused (a
 * refusal, e.g. a 409, may mean the list is out of date), refetches what
 * isLeadWriteKey picks.
 */
function useLeadWrite<Arg>(send: (arg: Arg) => Promise<Lead>) {
  const revalidate = useRevalidate(isLeadWriteKey);
  return useSWRMutation<Lead, ApiError, string, Arg>(LEADS_KEY, async (_key, { arg }) => {
    try {
      return await send(arg);
    } finally {
      await revalidate();
    }
  });
}

/** useAcceptBooking reserves the laptop for this booking's buyer; the others' bookings of it are declined. */
export function useAcceptBooking() {
  return useLeadWrite<string>((id) => apiFetch<Lead>(`${bookingKey(id)}/accept`, { method: "PUT" }));
}

/** useDeclineBooking declines a pending or accepted booking, with the seller's reason if they gave one. */
export function useDeclineBooking() {
  return useLeadWrite<DeclineArg>(({ id, reason }) => {
    const words = reason?.trim();
    return apiFetch<Lead>(`${bookingKey(id)}/decline`, { method: "PUT", json: words ? { reason: words } : {} });
  });
}

/**
 * useHandover confirms the hand-over with the buyer's code: the booking is
 * completed and the laptop sold. A wrong code is a 400, too many a 429.
 */
export function useHandover() {
  return useLeadWrite<HandoverArg>(({ id, code }) => apiFetch<Lead>(`${bookingKey(id)}/handover`, { method: "POST", json: { code } }));
}

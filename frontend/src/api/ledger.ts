// The ledger (#34; docs/payments.md, "The ledger"): every payment, refund,
// commission and payout is a row. The admin reads it (GET
// /api/admin/ledger, paged, ?sellerId=) and records payouts (POST
// /api/admin/payouts); a seller reads their balance (GET /api/me/balance).
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";

export type LedgerKind = "payment" | "refund" | "commission" | "payout" | "promotion";

/**
 * One row. amount is whole Tk, signed by what the row does to the seller's
 * money: payment +, refund -, commission - (+ when a refund gives it back:
 * reversal), payout -, promotion +.
 */
export type LedgerEntry = {
  _id: string;
  kind: LedgerKind;
  amount: number;
  /** cash, card, sslcommerz, bkash, nagad, rocket, bank... */
  method: string;
  reversal: boolean;
  bookingId: string | null;
  /** null: money that never was a seller's (a payment kept for refund). */
  sellerId: string | null;
  sellerName: string;
  reference: string;
  createdAt: string;
};

/** A seller's money, whole Tk. owed is negative when the seller owes the shop commission on cash sales. */
export type Balance = { earned: number; paidOut: number; owed: number };

/** The ways the shop pays a seller out, as the API names them. */
export const PAYOUT_METHODS = ["bkash", "nagad", "rocket", "bank", "cash"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** The longest payout reference the API takes. */
export const PAYOUT_REFERENCE_MAX = 100;

export type NewPayout = { sellerId: string; amount: number; method: PayoutMethod; reference: string };

export const LEDGER_KEY = "/api/admin/ledger";
export const BALANCE_KEY = "/api/me/balance";

/** ledgerKey is the first page's address: everyone's, or one seller's. */
export function ledgerKey(sellerId?: string | null): string {
  return sellerId ? `${LEDGER_KEY}?sellerId=${encodeURIComponent(sellerId)}` : LEDGER_KEY;
}

/** useLedger pages through the ledger, newest first (admin). */
export function useLedger(sellerId?: string | null) {
  return usePagedList<LedgerEntry>(ledgerKey(sellerId));
}

/** useBalance loads the signed-in seller's balance. */
export function useBalance() {
  return useSWR<Balance, ApiError>(BALANCE_KEY, { revalidateOnFocus: true });
}

/** sellerBalanceKey is where the admin reads one seller's balance. */
export function sellerBalanceKey(sellerId: string): string {
  return `/api/admin/sellers/${encodeURIComponent(sellerId)}/balance`;
}

/** useSellerBalance loads one seller's balance (admin); null: none chosen. */
export function useSellerBalance(sellerId: string | null) {
  return useSWR<Balance, ApiError>(sellerId ? sellerBalanceKey(sellerId) : null);
}

function isLedgerKey(key: string): boolean {
  return key === LEDGER_KEY || key.startsWith(`${LEDGER_KEY}?`) || (key.startsWith("/api/admin/sellers/") && key.endsWith("/balance"));
}

/**
 * useRecordPayout records a payout (admin); the ledger's lists and the
 * sellers' balances are loaded again. Refusals by code: 409 "more_than_owed", 404 (not a seller), 400
 * with fields.
 */
export function useRecordPayout() {
  const revalidate = useRevalidate(isLedgerKey);
  return useSWRMutation<LedgerEntry, ApiError, string, NewPayout>("/api/admin/payouts", async (path, { arg }) => {
    try {
      return await apiFetch<LedgerEntry>(path, { method: "POST", json: arg });
    } finally {
      await revalidate();
    }
  });
}

// Paid promotion (#34): on a shop that charges to advertise
// (ADVERTISE_PRICE, GET /api/config's advertisePrice), a seller pays for
// Urgent Sell by card (a Stripe PaymentIntent confirmed on the page) or
// through SSLCommerz (the gateway's page, which sends the browser back to
// My Products with ?promotion=OUTCOME). The server advertises the laptop
// once the provider confirms the payment.
import useSWRMutation from "swr/mutation";
import { isProductKey, productKey } from "@/api/products";
import { apiFetch, ApiError } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";

/** How a seller pays to advertise. */
export type PromotionMethod = "card" | "sslcommerz";

/** POST /api/products/{id}/promotion answer. */
export type PromotionStart = { _id: string; amount: number; clientSecret?: string; gatewayUrl?: string };

/** GET /api/products/{id}/promotion: the product's newest promotion. */
export type Promotion = {
  _id: string;
  productId: string;
  amount: number;
  days: number;
  method: PromotionMethod;
  status: "pending" | "paid" | "failed" | "refund_required" | "refunded";
  createdAt: string;
  paidAt: string | null;
};

/** What became of a promotion the gateway sent the seller back from (?promotion=). */
export type PromotionOutcome = "paid" | "refunded" | "failed" | "cancelled" | "pending";

const outcomes: readonly PromotionOutcome[] = ["paid", "refunded", "failed", "cancelled", "pending"];

/** promotionOutcomeOf reads ?promotion= of My Products' address; null when it is none of the outcomes. */
export function promotionOutcomeOf(value: string | null): PromotionOutcome | null {
  return outcomes.find((o) => o === value) ?? null;
}

/** useStartPromotion starts paying to advertise one of the seller's products. */
export function useStartPromotion() {
  const revalidate = useRevalidate(isProductKey);
  return useSWRMutation<PromotionStart, ApiError, string, { id: string; method: PromotionMethod }>("/api/promotion", async (_key, { arg }) => {
    try {
      return await apiFetch<PromotionStart>(`${productKey(arg.id)}/promotion`, { method: "POST", json: { method: arg.method } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) void revalidate();
      throw err;
    }
  });
}

/** fetchPromotion reads a product's newest promotion (the server asks its provider while it is pending). */
export function fetchPromotion(productId: string): Promise<Promotion> {
  return apiFetch<Promotion>(`${productKey(productId)}/promotion`);
}

// A seller's sale outside the shop and its undoing (PUT
// /api/products/{id}/sold and /relist), and stopping an advertisement. Apart from products.ts, which the
// first page carries, since only My Products uses them.
import { isProductKey, productKey, PRODUCTS_KEY, useProductWrite, type Modified } from "@/api/products";
import { apiFetch } from "@/lib/api";

/**
 * True for what a sale outside the shop or a relisting changes: every
 * product list and page, the bookings (open ones are declined as sold) and
 * the seller's leads.
 */
function isSaleKey(key: string): boolean {
  return isProductKey(key) || key.startsWith("/api/bookings") || key.startsWith("/api/leads");
}

/**
 * saleWrite makes the hook of a seller's PUT /api/products/{id}/{verb}:
 * "sold" or "relist". The two are one hook apart only in the path, and only My
 * Products carries this module.
 */
function saleWrite(verb: "sold" | "relist") {
  return function useSaleWrite() {
    return useProductWrite<Modified, string>(PRODUCTS_KEY, (id) => apiFetch<Modified>(`${productKey(id)}/${verb}`, { method: "PUT" }), isSaleKey);
  };
}

/**
 * useMarkSold marks one of the seller's available products sold outside the
 * shop (409 when it is sold already); its open bookings are declined and
 * their buyers told.
 */
export const useMarkSold = saleWrite("sold");

/**
 * useRelist puts one of the seller's sold products on sale again; 409 (with
 * the server's message) when it was paid for or handed over through the shop.
 */
export const useRelist = saleWrite("relist");

/** POST /api/products/{id}/renew answer: the listing's new end. */
export interface Renewed extends Modified {
  expiresAt: string;
}

/**
 * useRenew lists one of the seller's products for another listing period
 * (POST /api/products/{id}/renew), back in the catalogue if it had expired.
 */
export function useRenew() {
  return useProductWrite<Renewed, string>(PRODUCTS_KEY, (id) => apiFetch<Renewed>(`${productKey(id)}/renew`, { method: "POST" }), isProductKey);
}

/**
 * useStopAdvertising takes one of the seller's products out of Urgent Sell
 * before its days are up (DELETE /api/products/{id}/advertise).
 */
export function useStopAdvertising() {
  return useProductWrite<Modified, string>(PRODUCTS_KEY, (id) => apiFetch<Modified>(`${productKey(id)}/advertise`, { method: "DELETE" }));
}

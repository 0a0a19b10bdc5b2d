// Bookings: a buyer books a product by leaving a phone number and a place
// to meet. Wire types and the booking write.
import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";
import type { Inserted } from "@/api/products";

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
};

export const BOOKINGS_KEY = "/api/bookings";

/** useCreateBooking books a product, then refetches the caller's bookings. */
export function useCreateBooking() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Inserted, ApiError, string, NewBooking>(BOOKINGS_KEY, async (path, { arg }) => {
    const res = await apiFetch<Inserted>(path, { method: "POST", json: arg });
    void mutate((key) => typeof key === "string" && key.startsWith(`${BOOKINGS_KEY}?`));
    return res;
  });
}

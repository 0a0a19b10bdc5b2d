// Saved searches (#20): a signed-in person keeps the filters of a search
// and hears of new laptops that match, at once or in a daily digest. The
// query is the catalogue's own query string (GET /api/products), so a
// saved search means what the search page showed.
import useSWR, { useSWRConfig } from "swr";
import { productsKey, type ProductQuery } from "@/api/products";
import { apiFetch, type ApiError } from "@/lib/api";

export const SAVED_SEARCHES_KEY = "/api/saved-searches";

export type Frequency = "instant" | "daily";

/** A saved search on the wire: query is a query string such as "maxPrice=80000&q=macbook". */
export type SavedSearch = { _id: string; query: string; frequency: Frequency; createdAt: string };

/** The query string a product list's filters (and sort) make, as the API reads it. */
export function savedQuery(query: ProductQuery): string {
  // near me is an order from where the visitor stood, not a filter to keep
  const key = productsKey({ ...query, limit: undefined, near: undefined, sort: query.sort === "distance" ? undefined : query.sort });
  const at = key.indexOf("?");
  return at < 0 ? "" : key.slice(at + 1);
}

/** useSavedSearches loads the caller's saved searches, newest first (at most 50: one answer); nothing is asked while signedIn is false. */
export function useSavedSearches(signedIn = true) {
  return useSWR<SavedSearch[], ApiError>(signedIn ? SAVED_SEARCHES_KEY : null);
}

/** POST /api/saved-searches: the search kept (201 new, 200 the same filters kept already). */
export function useCreateSavedSearch() {
  const { mutate } = useSWRConfig();
  return async (query: string, frequency: Frequency): Promise<SavedSearch> => {
    const saved = await apiFetch<SavedSearch>(SAVED_SEARCHES_KEY, { method: "POST", json: { query, frequency } });
    await mutate(SAVED_SEARCHES_KEY);
    return saved;
  };
}

/** DELETE /api/saved-searches/{id}: the list drops it at once, then is reloaded. */
export function useDeleteSavedSearch() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await mutate<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) => list?.filter((s) => s._id !== id), { revalidate: false });
    try {
      await apiFetch(`${SAVED_SEARCHES_KEY}/${encodeURIComponent(id)}`, { method: "DELETE" });
    } finally {
      await mutate(SAVED_SEARCHES_KEY);
    }
  };
}

// Favourites: the laptops a signed-in person saved with the heart. The
// catalogue's answers are the same for everyone (the server keeps them), so
// the hearts' state comes from its own request: the ids of the caller's
// favourites. Wire types, SWR keys (the API paths) and hooks; a change
// shows at once (the ids are updated before the request) and then
// refetches the ids and the Favourites page.
import { useMemo } from "react";
import useSWR, { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import type { Product } from "@/api/products";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";

export const FAVOURITES_KEY = "/api/favourites";
export const FAVOURITE_IDS_KEY = "/api/favourites/ids";

/** PUT or DELETE /api/favourites/{id}: what the favourite is now. */
export type FavouriteChange = { acknowledged: boolean; favourite: boolean };

/** Save (true) or forget (false) the product with this id. */
export type FavouriteArg = { id: string; save: boolean };

/** True for the Favourites list (every page) and the hearts' ids. */
export function isFavouriteKey(key: string): boolean {
  return key === FAVOURITES_KEY || key.startsWith(`${FAVOURITES_KEY}?`) || key === FAVOURITE_IDS_KEY;
}

/** The ids, changed as arg says, in the server's order (newest first). */
function changed(ids: string[] | undefined, { id, save }: FavouriteArg): string[] {
  const rest = (ids ?? []).filter((x) => x !== id);
  return save ? [id, ...rest] : rest;
}

/**
 * useFavouriteIds is the set of product ids the signed-in person saved,
 * for the hearts; empty while loading or signed out (nothing is asked).
 */
export function useFavouriteIds(signedIn: boolean): ReadonlySet<string> {
  const { data } = useSWR<string[], ApiError>(signedIn ? FAVOURITE_IDS_KEY : null);
  return useMemo(() => new Set(data ?? []), [data]);
}

/** useFavourites loads the caller's favourites, sold and expired ones marked, a page at a time. */
export function useFavourites() {
  return usePagedList<Product>(FAVOURITES_KEY);
}

/**
 * useToggleFavourite saves or forgets a product. The hearts change at once;
 * done or refused, the ids and the Favourites page are refetched, so a
 * refusal (a product gone: 404) puts the heart back as the server has it.
 */
export function useToggleFavourite() {
  const { mutate } = useSWRConfig();
  const revalidate = useRevalidate(isFavouriteKey);
  return useSWRMutation<FavouriteChange, ApiError, string, FavouriteArg>(FAVOURITE_IDS_KEY, async (_key, { arg }) => {
    await mutate<string[]>(FAVOURITE_IDS_KEY, (ids) => changed(ids, arg), { revalidate: false });
    try {
      return await apiFetch<FavouriteChange>(`${FAVOURITES_KEY}/${encodeURIComponent(arg.id)}`, { method: arg.save ? "PUT" : "DELETE" });
    } finally {
      await revalidate();
    }
  });
}

// Tools for a shop (#37): the seller's shop page (GET and PUT
// /api/me/shop; anyone reads it inside GET /api/sellers/{id}), what a new
// listing starts with (GET /api/me/listing-defaults), and renewing or
// marking sold several listings at once (POST /api/products/bulk).
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { isProductKey, type Product } from "@/api/products";
import { apiFetch, type ApiError } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";

/** The days of a shop's week as its hours name them, Saturday first (a Bangladeshi week). */
export const SHOP_DAYS = ["sat", "sun", "mon", "tue", "wed", "thu", "fri"] as const;
export type ShopDay = (typeof SHOP_DAYS)[number];

/** One day's opening time: "HH:MM" on a 24-hour clock in the shop's time zone; "24:00" is midnight. */
export type ShopHours = { day: ShopDay; open: string; close: string };

/** A seller's shop page; "" and null where nothing is given. */
export type Shop = {
  /** Same-origin upload url, or "". */
  logo: string;
  banner: string;
  address: string;
  about: string;
  /** Saturday first; a day not listed is closed. */
  hours: ShopHours[];
  lat: number | null;
  lon: number | null;
  /** Open at this moment by its hours; null without hours. */
  openNow: boolean | null;
};

/** PUT /api/me/shop body: the whole page. */
export type ShopInput = Omit<Shop, "openNow">;

/** The shop page's limits, as the server checks them. */
export const SHOP_ADDRESS_MAX = 200;
export const SHOP_ABOUT_MAX = 2000;

export const MY_SHOP_KEY = "/api/me/shop";
export const LISTING_DEFAULTS_KEY = "/api/me/listing-defaults";

/** useMyShop loads the signed-in seller's shop page, to edit it. */
export function useMyShop(enabled = true) {
  return useSWR<Shop, ApiError>(enabled ? MY_SHOP_KEY : null);
}

/** useSaveShop saves the whole shop page; the seller pages and the defaults of new listings follow. */
export function useSaveShop() {
  const revalidate = useRevalidate((key) => key.startsWith("/api/sellers/") || key === LISTING_DEFAULTS_KEY);
  return useSWRMutation<Shop, ApiError, string, ShopInput>(MY_SHOP_KEY, async (key, { arg }) => {
    const saved = await apiFetch<Shop>(key, { method: "PUT", json: arg });
    await revalidate();
    return saved;
  }, { populateCache: true, revalidate: false });
}

/** What a new listing starts with; "" where nothing is known. */
export type ListingDefaults = { number: string; location: string };

/** useListingDefaults loads what the seller's new listing starts with (pass false to skip). */
export function useListingDefaults(enabled = true) {
  return useSWR<ListingDefaults, ApiError>(enabled ? LISTING_DEFAULTS_KEY : null, { revalidateOnFocus: false });
}

export type BulkAction = "renew" | "sold";

/** What became of one listing of a bulk action. */
export type BulkResult = {
  _id: string;
  ok: boolean;
  /** A renewed listing's new end. */
  expiresAt?: string;
  /** A refused listing's status, code and reason, as its one-listing route says them. */
  status?: number;
  code?: string;
  message?: string;
};

export type BulkAnswer = { done: number; results: BulkResult[] };

/** useBulkProducts renews, or marks sold outside the shop, several of the seller's listings at once. */
export function useBulkProducts() {
  const revalidate = useRevalidate(
    (key) => isProductKey(key) || key.startsWith("/api/bookings") || key.startsWith("/api/leads") || key.startsWith("/api/userProducts"),
  );
  return useSWRMutation<BulkAnswer, ApiError, string, { action: BulkAction; ids: string[] }>("/api/products/bulk", async (key, { arg }) => {
    try {
      return await apiFetch<BulkAnswer>(key, { method: "POST", json: arg });
    } finally {
      await revalidate();
    }
  });
}

/** The links of a shop's place: a geo: URI (a phone's map app) and OpenStreetMap; none without coordinates or an address. */
export function mapLinks(shop: Pick<Shop, "lat" | "lon" | "address">): { geo: string; osm: string } | null {
  if (shop.lat !== null && shop.lon !== null) {
    const at = `${shop.lat},${shop.lon}`;
    return {
      geo: `geo:${at}?q=${at}`,
      osm: `https://www.openstreetmap.org/?mlat=${shop.lat}&mlon=${shop.lon}#map=17/${shop.lat}/${shop.lon}`,
    };
  }
  const q = shop.address.trim();
  if (!q) return null;
  return {
    geo: `geo:0,0?q=${encodeURIComponent(q)}`,
    osm: `https://www.openstreetmap.org/search?query=${encodeURIComponent(q)}`,
  };
}

/** What "Post a similar ad" hands over with its link: the listing to copy, as the page showed it (sold and expired ones too). */
export type SimilarState = { similar?: Product };

/** The address of "Post a similar ad" for a listing: the add form, which copies its fields and specs, not its photos. */
export const similarAdPath = (id: string) => `/dashboard/addproduct?similar=${encodeURIComponent(id)}`;

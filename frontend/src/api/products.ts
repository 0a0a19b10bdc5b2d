// Products (listed laptops) and their photos: wire types, SWR keys (the API
// paths) and hooks. Every write revalidates the product lists it touches;
// a paged list (usePagedList) on screen is reloaded by its page.
import useSWR, { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, apiUpload, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";

/** A product's condition as the API spells it. */
export type Condition = "excellent" | "good" | "fair";

/** The conditions a seller may pick, best first. */
export const CONDITIONS: Condition[] = ["excellent", "good", "fair"];

/** A product as the API answers it (the spec's field names, typos included). */
export type Product = {
  _id: string;
  productName: string;
  /** Same-origin photo url, e.g. /uploads/<hash>.jpg. */
  picture: string;
  /** Whole Tk. */
  sellPrice: number;
  /** Whole Tk. */
  orginalPrice: number;
  /** The brand: a category name such as "WALTON". */
  category: string;
  condition: Condition;
  location: string;
  /** Years of use, free text such as "2". */
  used: string;
  /** The seller's phone number. */
  number: string;
  description: string;
  /** The seller's name. */
  seller: string;
  sellerEmail: string;
  sellerVerify: boolean;
  /** Posted at, e.g. "3:07 PM". */
  time: string;
  /** Posted on, month-day-year, e.g. "11-21-2026". */
  date: string;
  /** "soled" means sold. */
  available: "available" | "soled";
  advertise: boolean;
  /** "reported" once someone reported it. */
  report: "reported" | "";
};

/** POST /api/products body: exactly these fields (unknown ones are refused). */
export type NewProduct = {
  productName: string;
  picture: string;
  sellPrice: number;
  orginalPrice: number;
  category: string;
  condition: Condition;
  location: string;
  used: string;
  number: string;
  description: string;
};

/** The answer of an insert. */
export type Inserted = { acknowledged: boolean; insertedId: string };
/** The answer of an update. */
export type Modified = { acknowledged: boolean; modifiedCount: number };
/** The answer of a delete. */
export type Deleted = { deletedCount: number };

/** POST /api/images answer, shaped like the spec's image host. */
export type UploadedImage = { success: boolean; data: { url: string } };

export const PRODUCTS_KEY = "/api/products";
export const ADVERTISED_KEY = "/api/advertised";
export const USER_PRODUCTS_KEY = "/api/userProducts";
export const REPORT_KEY = "/api/products/report";
export const REPORTED_PRODUCTS_KEY = `${REPORT_KEY}?report=reported`;
export const IMAGES_KEY = "/api/images";

/** The orders GET /api/products knows; relevance needs a search (q). */
export type ProductSort = "newest" | "price_asc" | "price_desc" | "relevance";

/** GET /api/products filters; leave a field out for the API's default. */
export type ProductQuery = {
  /** A brand: a category name such as "HP". */
  category?: string;
  /** Search words; each matches the start of a word ("mac" finds MacBook). */
  q?: string;
  /** Whole Tk. */
  minPrice?: number;
  /** Whole Tk. */
  maxPrice?: number;
  condition?: Condition;
  /** Part of the place. */
  location?: string;
  /** Only sellers the admins verified. */
  verified?: boolean;
  /** newest by default, relevance by default with q. */
  sort?: ProductSort;
  /** Products per page: 24 by default, at most 100. */
  limit?: number;
};

/** The SWR key (API path) of the first page of a product list, in a fixed parameter order. */
export function productsKey(query: ProductQuery): string {
  const sp = new URLSearchParams();
  if (query.category) sp.set("category", query.category);
  if (query.q) sp.set("q", query.q);
  if (query.minPrice !== undefined) sp.set("minPrice", String(query.minPrice));
  if (query.maxPrice !== undefined) sp.set("maxPrice", String(query.maxPrice));
  if (query.condition) sp.set("condition", query.condition);
  if (query.location) sp.set("location", query.location);
  if (query.verified) sp.set("verified", "true");
  if (query.sort) sp.set("sort", query.sort);
  if (query.limit !== undefined) sp.set("limit", String(query.limit));
  const qs = sp.toString();
  return qs ? `${PRODUCTS_KEY}?${qs}` : PRODUCTS_KEY;
}

/** The SWR key of one seller's products. */
export function userProductsKey(email: string): string {
  return `${USER_PRODUCTS_KEY}?email=${encodeURIComponent(email)}`;
}

/** True for the SWR keys of every product list a write can change. */
export function isProductListKey(key: unknown): boolean {
  return (
    typeof key === "string" &&
    (key.startsWith(`${PRODUCTS_KEY}?`) ||
      key.startsWith(`${REPORT_KEY}?`) ||
      key === ADVERTISED_KEY ||
      key.startsWith(`${USER_PRODUCTS_KEY}?`))
  );
}

/** The spec's client drops sold products from the lists it shows; so do we. */
function availableOnly(list: Product[] | undefined): Product[] | undefined {
  return list?.filter((p) => p.available !== "soled");
}

/**
 * useProductPages loads a product list a page at a time; pass null to wait
 * (see usePagedList). Writes elsewhere (a deleted or sold product) show on
 * the next visit: each mount refetches the loaded pages.
 */
export function useProductPages(query: ProductQuery | null) {
  const { data, ...list } = usePagedList<Product>(query ? productsKey(query) : null);
  return { ...list, products: availableOnly(data) };
}

/** The SWR key of one product for sale. */
export function productKey(id: string): string {
  return `${PRODUCTS_KEY}/${encodeURIComponent(id)}`;
}

/** useProduct loads one product for its page; a sold or deleted one is a 404 ApiError. */
export function useProduct(id: string | undefined) {
  return useSWR<Product, ApiError>(id ? productKey(id) : null);
}

/** useAdvertised loads the Urgent Sell products. */
export function useAdvertised() {
  const res = useSWR<Product[], ApiError>(ADVERTISED_KEY);
  return { ...res, data: availableOnly(res.data) };
}

/**
 * useUserProducts loads a seller's own products, sold ones included, a
 * page at a time (see usePagedList); call reload after a write.
 */
export function useUserProducts(email: string | undefined) {
  return usePagedList<Product>(email ? userProductsKey(email) : null);
}

/** useReportedProducts loads the products someone reported (admin), a page at a time (see usePagedList). */
export function useReportedProducts() {
  return usePagedList<Product>(REPORTED_PRODUCTS_KEY);
}

/** useRevalidateProducts returns a function that refetches every product list. */
function useRevalidateProducts() {
  const { mutate } = useSWRConfig();
  return () => mutate(isProductListKey);
}

/** useUploadImage uploads one photo and answers its url; onProgress hears the share sent (0 to 1). */
export function useUploadImage(onProgress?: (sent: number) => void) {
  return useSWRMutation<UploadedImage, ApiError, string, File>(IMAGES_KEY, (path, { arg }) => {
    const form = new FormData();
    form.set("image", arg, arg.name);
    return apiUpload<UploadedImage>(path, form, onProgress);
  });
}

/** useAddProduct lists a new product (seller). */
export function useAddProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Inserted, ApiError, string, NewProduct>(PRODUCTS_KEY, async (path, { arg }) => {
    const res = await apiFetch<Inserted>(path, { method: "POST", json: arg });
    void revalidate();
    return res;
  });
}

/** useAdvertiseProduct puts one of the seller's products under Urgent Sell. */
export function useAdvertiseProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Modified, ApiError, string, string>(PRODUCTS_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Modified>(`${path}/${encodeURIComponent(id)}`, { method: "PUT" });
    void revalidate();
    return res;
  });
}

/** useDeleteProduct removes a product (its seller, or an admin). */
export function useDeleteProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Deleted, ApiError, string, string>(PRODUCTS_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Deleted>(`${path}/${encodeURIComponent(id)}`, { method: "DELETE" });
    void revalidate();
    return res;
  });
}

/** useReportProduct reports a product as suspicious. */
export function useReportProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Modified, ApiError, string, string>(REPORT_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Modified>(`${path}/${encodeURIComponent(id)}`, { method: "PUT" });
    void revalidate();
    return res;
  });
}

/** useDeleteReportedProduct removes a reported product (admin). */
export function useDeleteReportedProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Deleted, ApiError, string, string>(REPORT_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Deleted>(`${path}/${encodeURIComponent(id)}`, { method: "DELETE" });
    void revalidate();
    return res;
  });
}

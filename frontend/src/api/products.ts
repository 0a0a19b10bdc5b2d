// Products (listed laptops) and their photos: wire types, SWR keys (the API
// paths) and hooks. Every write, done or refused, refetches every product
// list it touches, paged ones on screen included (useRevalidate), before
// its trigger resolves; pages do nothing.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, apiUpload, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";
import type { ProductReport, ProductReportReason } from "@/api/moderation";
import type { ProductArea } from "@/api/locations";

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
  /** Where the laptop is, as the seller typed it (the spec's free text). */
  location: string;
  /** The area (upazila or thana) the seller picked, with its district and division (#36); null or absent when none. */
  area?: ProductArea | null;
  /** Km from the visitor, one decimal: only in a list asked for with near and sort=distance, and only for a listing with an area. */
  distanceKm?: number;
  /** Years of use, free text such as "2". */
  used: string;
  /** The seller's phone number, as typed on the listing. */
  number: string;
  /** The seller's phone is proven by an SMS code (#35); absent from an older server. */
  sellerPhoneVerified?: boolean;
  /** The seller's verified phone in E.164 (+8801XXXXXXXXX), only when sellerPhoneVerified. */
  sellerPhone?: string;
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
  /** True while a booking of it is accepted: it is booked by a buyer and takes no bookings. */
  reserved: boolean;
  advertise: boolean;
  /** When a running advertisement ends (ISO time), else null (absent from an older server). */
  advertisedUntil?: string | null;
  /** When the listing leaves the catalogue unless its seller renews it (ISO time; absent from an older server). */
  expiresAt?: string;
  /** True once it has left the catalogue: only its seller lists it, and nobody can book it. */
  expired?: boolean;
  /** Why an admin hid the listing until its seller edits it (#32); absent when it is not hidden. Only its seller and the admins see such a listing. */
  hiddenReason?: string;
  /** "reported" once someone reported it. */
  report: "reported" | "";
  /**
   * Same-origin photo urls, 1 to 8, the cover first (picture is photos[0]).
   * An older server sends none: read them as [picture].
   */
  photos: string[];
  /** The laptop's specs the seller filled in; {} when none (absent from an older server). */
  specs: ProductSpecs;
  /** Whole Tk: the earlier price when the seller lowered it in the last 30 days, else null. */
  priceDroppedFrom: number | null;
  /** The seller's user id (a user's _id). */
  sellerId: string;
  /** The seller's rating from their reviews (#20); absent from an older server. */
  sellerRating?: { average: number; count: number };
  /** When resale-check last read its hardware (#40), RFC 3339; null or absent when never (or the report was deleted). */
  checkedAt?: string | null;
  /** Its checked serial is registered stolen (an admin confirmed): hidden from the shop; only its seller and the admins see it (#40). */
  stolen?: boolean;
  /** In the seller's own list: sold through the shop (paid or handed over), so it cannot be relisted. */
  soldInShop?: boolean;
  /** How the price compares with used ones like it (the price guide, #39); null when the guide knows too little. */
  priceVerdict: PriceVerdict | null;
  /** The seller takes offers below the price (#39). */
  negotiable: boolean;
};

/** A price against the guide's range for used ones like it (#39). */
export type PriceVerdict = "good" | "fair" | "high";

/**
 * GET /api/products/{id}/sale: a sold laptop as one of its parties sees
 * it (its seller, its buyer, an admin); anyone else gets 404.
 */
export type ProductSale = {
  role: "seller" | "buyer" | "admin";
  product: Product;
  /** The booking it went through the shop by; null when sold outside it. buyerName: not for the buyer. */
  booking: { _id: string; status: "paid" | "completed"; buyerName?: string } | null;
};

/** A laptop's specs; each key only when the seller filled it in. */
export type ProductSpecs = {
  /** Free text, at most 100 characters, e.g. "Core i5-1135G7". */
  processor?: string;
  /** Memory in GB, 1 to 128. */
  ramGb?: number;
  /** Storage in GB, 16 to 8192. */
  storageGb?: number;
  storageType?: "SSD" | "HDD" | "eMMC";
  /** Screen diagonal in inches, 10.0 to 18.4, one decimal. */
  screenInches?: number;
  /** Free text, at most 100 characters, e.g. "Intel Iris Xe". */
  gpu?: string;
  /** Battery health in percent, 0 to 100. */
  batteryHealth?: number;
  /** True when the charger comes with it. */
  charger?: boolean;
  /** Warranty left in months, 0 to 36. */
  warrantyMonths?: number;
};


/**
 * POST /api/products body: exactly these fields of a product (unknown ones
 * are refused); the cover is photos[0]; areaId is an area's id (#36), left
 * out when the seller picked none.
 */
export type NewProduct = Pick<
  Product,
  "productName" | "picture" | "photos" | "sellPrice" | "orginalPrice" | "category" | "condition" | "location" | "used" | "number" | "description" | "specs" | "negotiable"
> & { areaId?: string };

/**
 * PATCH /api/products/{id} body: any editable field, only those that
 * changed; picture follows photos[0] on the server; specs replaces the
 * whole set; areaId null takes the area off.
 */
export type ProductPatch = Partial<Omit<NewProduct, "picture" | "areaId">> & { areaId?: string | null };

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
export const FACETS_KEY = "/api/products/facets";

/** The storage kinds a laptop's specs know. */
export type StorageType = NonNullable<ProductSpecs["storageType"]>;

/** The storage kinds, as the API spells them. */
export const STORAGE_TYPES: StorageType[] = ["SSD", "HDD", "eMMC"];

/**
 * GET /api/products/facets: how many available products match, per value.
 * Each facet leaves out its own filter, so a count says what choosing that
 * value would give. Keys are values as text ("8" for 8 GB of RAM).
 */
export type Facets = {
  category: Record<string, number>;
  condition: Record<string, number>;
  ramGb: Record<string, number>;
  storageType: Record<string, number>;
  /**
   * How many laptops match every filter. Not exact for a broad search, whose
   * counts come from some of its matches: then at least `count` match, and
   * the other counts are lower bounds too. Absent from an older server.
   */
  total?: { count: number; exact: boolean };
  /** The words counted for when the typed ones matched nothing and one was misspelt (the list answers for them too). */
  corrected?: string;
  /** The specs the search's words name, matched as specs (#36), in the order typed. */
  understood?: Understood[];
  /** Per division, district and area id (#36); absent from an older server. */
  division?: Record<string, number>;
  district?: Record<string, number>;
  area?: Record<string, number>;
};

/** A spec a search understood: "8gb" is {field: "ramGb", value: "8", text: "8gb"}. */
export type Understood = {
  field: "ramGb" | "cpuFamily" | "cpuGeneration" | "storage" | "screenInches";
  /** As shown: "8", "Core i5", "12", "512 SSD", "15.6". */
  value: string;
  /** The words typed for it. */
  text: string;
};

/** The orders GET /api/products knows; relevance needs a search (q), distance a place (near). */
export type ProductSort = "newest" | "price_asc" | "price_desc" | "relevance" | "distance";

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
  /** Only listings whose seller takes offers (#39). */
  negotiable?: boolean;
  /** Only laptops whose hardware resale-check read (#40). */
  checked?: boolean;
  /** At least this much memory, GB. */
  ramMin?: number;
  /** At least this much storage, GB. */
  storageMin?: number;
  storageType?: StorageType;
  /** At least this battery health, percent. */
  batteryMin?: number;
  /** Screen diagonal from, inches. */
  screenMin?: number;
  /** Screen diagonal up to, inches. */
  screenMax?: number;
  /** Words of the processor, e.g. "i5", "ryzen 7", "m2". */
  processor?: string;
  /** One seller's products: a seller's user id. */
  seller?: string;
  /** A division's, district's or area's id (#36). */
  division?: string;
  district?: string;
  area?: string;
  /** "lat,lon": with sort=distance, nearest first (not a filter: the facets leave it out). */
  near?: string;
  /** newest by default, relevance by default with q. */
  sort?: ProductSort;
  /** Products per page: 24 by default, at most 100. */
  limit?: number;
};

/** The filters of a query string, in a fixed order (shared by the list and its facets). */
function filterParams(query: ProductQuery): URLSearchParams {
  const sp = new URLSearchParams();
  if (query.category) sp.set("category", query.category);
  if (query.q) sp.set("q", query.q);
  if (query.minPrice !== undefined) sp.set("minPrice", String(query.minPrice));
  if (query.maxPrice !== undefined) sp.set("maxPrice", String(query.maxPrice));
  if (query.condition) sp.set("condition", query.condition);
  if (query.location) sp.set("location", query.location);
  if (query.verified) sp.set("verified", "true");
  if (query.negotiable) sp.set("negotiable", "true");
  if (query.checked) sp.set("checked", "true");
  if (query.ramMin !== undefined) sp.set("ramMin", String(query.ramMin));
  if (query.storageMin !== undefined) sp.set("storageMin", String(query.storageMin));
  if (query.storageType) sp.set("storageType", query.storageType);
  if (query.batteryMin !== undefined) sp.set("batteryMin", String(query.batteryMin));
  if (query.screenMin !== undefined) sp.set("screenMin", String(query.screenMin));
  if (query.screenMax !== undefined) sp.set("screenMax", String(query.screenMax));
  if (query.processor) sp.set("processor", query.processor);
  if (query.seller) sp.set("seller", query.seller);
  if (query.division) sp.set("division", query.division);
  if (query.district) sp.set("district", query.district);
  if (query.area) sp.set("area", query.area);
  return sp;
}

const withQuery = (path: string, sp: URLSearchParams) => {
  const qs = sp.toString();
  return qs ? `${path}?${qs}` : path;
};

/** The SWR key (API path) of the first page of a product list, in a fixed parameter order. */
export function productsKey(query: ProductQuery): string {
  const sp = filterParams(query);
  if (query.near) sp.set("near", query.near);
  if (query.sort) sp.set("sort", query.sort);
  if (query.limit !== undefined) sp.set("limit", String(query.limit));
  return withQuery(PRODUCTS_KEY, sp);
}

/** The SWR key of a list's facet counts: the list's filters, no order or paging. */
export function facetsKey(query: ProductQuery): string {
  return withQuery(FACETS_KEY, filterParams(query));
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

/** True for the SWR keys of every product list and of single products' pages. */
export function isProductKey(key: unknown): boolean {
  return isProductListKey(key) || (typeof key === "string" && key.startsWith(`${PRODUCTS_KEY}/`));
}

/** True for the SWR keys of the reported list, the one list a report changes (no other screen shows it). */
export function isReportedListKey(key: unknown): boolean {
  return typeof key === "string" && key.startsWith(`${REPORT_KEY}?`);
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

/**
 * useFacets loads the facet counts of a list's filters; pass null to wait.
 * While new counts load the last ones stay, so the choices do not jump.
 */
export function useFacets(query: ProductQuery | null) {
  return useSWR<Facets, ApiError>(query ? facetsKey(query) : null, { keepPreviousData: true });
}

/** The SWR key of one product for sale. */
export function productKey(id: string): string {
  return `${PRODUCTS_KEY}/${encodeURIComponent(id)}`;
}

/** useProduct loads one product for its page; a sold or deleted one is a 404 ApiError (a sold one's code is "sold"). */
export function useProduct(id: string | undefined) {
  return useSWR<Product, ApiError>(id ? productKey(id) : null);
}

/** useProductSale loads a sold laptop for its seller or buyer (404 for anyone else); pass undefined to wait. */
export function useProductSale(id: string | undefined) {
  return useSWR<ProductSale, ApiError>(id ? `${productKey(id)}/sale` : null, { shouldRetryOnError: false });
}

/** similarKey is the address of a product's similar laptops. */
export function similarKey(id: string): string {
  return `${productKey(id)}/similar`;
}

/**
 * useSimilarProducts loads up to eight available laptops of the product's
 * brand priced within a quarter of it, nearest in price first.
 */
export function useSimilarProducts(id: string | undefined) {
  return useSWR<Product[], ApiError>(id ? similarKey(id) : null);
}

/** useAdvertised loads the Urgent Sell products. */
export function useAdvertised() {
  const res = useSWR<Product[], ApiError>(ADVERTISED_KEY);
  return { ...res, data: availableOnly(res.data) };
}

/** useUserProducts loads a seller's own products, sold ones included, a page at a time (see usePagedList). */
export function useUserProducts(email: string | undefined) {
  return usePagedList<Product>(email ? userProductsKey(email) : null);
}

/** A reported product as the admins get it: the product, plus what its reports say. */
export type ReportedProduct = Product & {
  reportCount: number;
  /** How many reports gave each reason. */
  reasons: Partial<Record<ProductReportReason, number>>;
  /** The reports, oldest first. */
  reports: ProductReport[];
};

/** useReportedProducts loads the products someone reported (admin), a page at a time (see usePagedList). */
export function useReportedProducts() {
  return usePagedList<ReportedProduct>(REPORTED_PRODUCTS_KEY);
}

/**
 * useProductWrite is a product write at `key` that sends `send(arg)`, then,
 * whether it was done or refused (a refusal may mean the list is out of
 * date), refetches what `affects` picks: every product list by default.
 */
export function useProductWrite<Res, Arg>(key: string, send: (arg: Arg) => Promise<Res>, affects: (key: string) => boolean = isProductListKey) {
  const revalidate = useRevalidate(affects);
  return useSWRMutation<Res, ApiError, string, Arg>(key, async (_key, { arg }) => {
    try {
      return await send(arg);
    } finally {
      await revalidate();
    }
  });
}

/** useUploadImage uploads one photo and answers its url; onProgress hears the share sent (0 to 1). */
export function useUploadImage(onProgress?: (sent: number) => void) {
  return useSWRMutation<UploadedImage, ApiError, string, File>(IMAGES_KEY, (path, { arg }) => {
    const form = new FormData();
    form.set("image", arg, arg.name);
    return apiUpload<UploadedImage>(path, form, onProgress);
  });
}

/** useCreateProduct lists a new product (seller). */
export function useCreateProduct() {
  return useProductWrite<Inserted, NewProduct>(PRODUCTS_KEY, (body) => apiFetch<Inserted>(PRODUCTS_KEY, { method: "POST", json: body }));
}

/** useUpdateProduct edits one of the seller's listings (PATCH: only the fields sent change); refreshes the lists and its page. */
export function useUpdateProduct() {
  return useProductWrite<Modified, { id: string; patch: ProductPatch }>(
    PRODUCTS_KEY,
    ({ id, patch }) => apiFetch<Modified>(productKey(id), { method: "PATCH", json: patch }),
    isProductKey,
  );
}

/** useAdvertiseProduct puts one of the seller's products under Urgent Sell. */
export function useAdvertiseProduct() {
  return useProductWrite<Modified, string>(PRODUCTS_KEY, (id) => apiFetch<Modified>(productKey(id), { method: "PUT" }));
}

/** useDeleteProduct removes a product (its seller, or an admin). */
export function useDeleteProduct() {
  return useProductWrite<Deleted, string>(PRODUCTS_KEY, (id) => apiFetch<Deleted>(productKey(id), { method: "DELETE" }));
}

/** What a report says: why, and a few words for the admins if the reporter likes. */
export type ProductReportBody = { reason: ProductReportReason; note?: string };

/**
 * useReportProduct reports a product as suspicious, once per person (a
 * second report changes nothing): an id alone sends no body, as the spec's
 * client did (the reason is then "other").
 */
export function useReportProduct() {
  return useProductWrite<Modified, string | ({ id: string } & ProductReportBody)>(
    REPORT_KEY,
    (arg) => {
      if (typeof arg === "string") return apiFetch<Modified>(`${REPORT_KEY}/${encodeURIComponent(arg)}`, { method: "PUT" });
      const { id, ...body } = arg;
      return apiFetch<Modified>(`${REPORT_KEY}/${encodeURIComponent(id)}`, { method: "PUT", json: body });
    },
    isReportedListKey,
  );
}

/** useDeleteReportedProduct removes a reported product (admin); the reason, if any, is told to the seller. */
export function useDeleteReportedProduct() {
  return useProductWrite<Deleted, { id: string; reason?: string }>(REPORT_KEY, ({ id, reason }) =>
    apiFetch<Deleted>(`${REPORT_KEY}/${encodeURIComponent(id)}`, reason ? { method: "DELETE", json: { reason } } : { method: "DELETE" }),
  );
}

/** useHideProduct hides a listing until its seller edits it (admin); the seller is told the reason. */
export function useHideProduct() {
  return useProductWrite<{ acknowledged: boolean; modifiedCount: number }, { id: string; reason: string }>(REPORT_KEY, ({ id, reason }) =>
    apiFetch(`/api/products/${encodeURIComponent(id)}/hide`, { method: "POST", json: { reason } }),
  );
}

/** useDismissReports clears a product's reports (admin); the product stays in the shop. */
export function useDismissReports() {
  return useProductWrite<Deleted, string>(REPORT_KEY, (id) => apiFetch<Deleted>(`${REPORT_KEY}/${encodeURIComponent(id)}/dismiss`, { method: "POST" }));
}

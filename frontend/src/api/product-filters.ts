// The product list's filters live in the page's query string, so a filtered
// page can be shared and the back button undoes a filter. The names are the
// API's own (q, category, minPrice ...); empty values stay out of the URL.
import { useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { CONDITIONS, STORAGE_TYPES, type Condition, type ProductQuery, type ProductSort, type StorageType } from "@/api/products";
import { MAX_TEXT } from "@/api/max-text";
import { inBangladesh } from "@/lib/near-me";

/** What the visitor chose; "" means not chosen (the API's default). */
export type ProductFilters = {
  q: string;
  /** A brand name (the search page only; the category page has its own). */
  category: string;
  sort: ProductSort | "";
  /** Whole Tk, as digits. */
  minPrice: string;
  /** Whole Tk, as digits. */
  maxPrice: string;
  condition: Condition | "";
  location: string;
  verified: boolean;
  /** Only listings whose seller takes offers (#39). */
  negotiable: boolean;
  /** Only laptops whose hardware resale-check read (#40). */
  checked: boolean;
  /** At least this much memory: whole GB, as digits. */
  ramMin: string;
  /** At least this much storage: whole GB, as digits. */
  storageMin: string;
  storageType: StorageType | "";
  /** At least this battery health: percent, as digits. */
  batteryMin: string;
  /** Screen from (inches, e.g. "14"). */
  screenMin: string;
  /** Screen up to (inches, e.g. "15.6"). */
  screenMax: string;
  /** Processor words, e.g. "i5". */
  processor: string;
  /** One seller's products: a user id. */
  seller: string;
  /** A division's, district's and area's id (#36); a finer one comes with the coarser ones. */
  division: string;
  district: string;
  area: string;
  /** "lat,lon" of the visitor (near me, #36): only with sort "distance". */
  near: string;
};

/** The filters a fresh page starts with. */
export const NO_FILTERS: ProductFilters = {
  q: "",
  category: "",
  sort: "",
  minPrice: "",
  maxPrice: "",
  condition: "",
  location: "",
  verified: false,
  negotiable: false,
  checked: false,
  ramMin: "",
  storageMin: "",
  storageType: "",
  batteryMin: "",
  screenMin: "",
  screenMax: "",
  processor: "",
  seller: "",
  division: "",
  district: "",
  area: "",
  near: "",
};

/** The spec filters' choices: RAM and storage at least (GB), battery at least (%). */
export const RAM_CHOICES = [4, 8, 16, 32];
export const STORAGE_CHOICES = [128, 256, 512, 1024];
export const BATTERY_CHOICES = [70, 80, 90];
/** Screen sizes as [from, up to] inches, "" for open. */
export const SCREEN_CHOICES: [string, string][] = [
  ["", "13.3"],
  ["14", "15.6"],
  ["16", ""],
];

const SORTS: ProductSort[] = ["newest", "price_asc", "price_desc", "relevance", "distance"];

/** A place's id as the dataset writes them, else "". */
const placeId = (v: string | null) => (v !== null && /^[\w.-]{1,40}$/.test(v) ? v : "");

/** nearText writes a position as near= takes it, to two decimals (about a kilometre): a shared address does not give away a doorstep. */
export function nearText(lat: number, lon: number): string {
  return `${lat.toFixed(2)},${lon.toFixed(2)}`;
}

/** A "lat,lon" inside Bangladesh's box, else "". */
const nearValue = (v: string | null) => {
  const m = v?.match(/^(\d{1,2}(?:\.\d{1,6})?),(\d{1,2}(?:\.\d{1,6})?)$/);
  return m && inBangladesh(Number(m[1]), Number(m[2])) ? `${m[1]},${m[2]}` : "";
};

export { MAX_TEXT };

const digits = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? String(Number(v)) : "");

/** A whole number from..to as digits, else "". */
const whole = (v: string | null, from: number, to: number) => {
  const d = digits(v);
  return d && Number(d) >= from && Number(d) <= to ? d : "";
};

/** A screen size in inches with at most one decimal, 10 to 18.4 (the specs' range), else "". */
const inches = (v: string | null) => (v !== null && /^\d{2}(\.\d)?$/.test(v) && Number(v) >= 10 && Number(v) <= 18.4 ? String(Number(v)) : "");

/**
 * filtersFromSearch reads the filters out of a query string. Values the API
 * would refuse (a hand-edited URL) are dropped rather than shown as an error.
 */
export function filtersFromSearch(sp: URLSearchParams): ProductFilters {
  const text = (name: string) => (sp.get(name) ?? "").trim().slice(0, MAX_TEXT);
  const q = text("q");
  const sort = sp.get("sort") as ProductSort | null;
  const condition = sp.get("condition") as Condition | null;
  let minPrice = digits(sp.get("minPrice"));
  let maxPrice = digits(sp.get("maxPrice"));
  if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) [minPrice, maxPrice] = [maxPrice, minPrice];
  let screenMin = inches(sp.get("screenMin"));
  let screenMax = inches(sp.get("screenMax"));
  if (screenMin && screenMax && Number(screenMin) > Number(screenMax)) [screenMin, screenMax] = [screenMax, screenMin];
  const storageType = sp.get("storageType") as StorageType | null;
  const seller = sp.get("seller") ?? "";
  // nearest first needs a place to measure from, and a place is only for that order
  const near = sort === "distance" ? nearValue(sp.get("near")) : "";
  return {
    q,
    category: text("category"),
    // relevance needs a search to rank by
    sort: sort && SORTS.includes(sort) && (sort !== "relevance" || q) && (sort !== "distance" || near) ? sort : "",
    minPrice,
    maxPrice,
    condition: condition && CONDITIONS.includes(condition) ? condition : "",
    location: text("location"),
    verified: sp.get("verified") === "true",
    negotiable: sp.get("negotiable") === "true",
    checked: sp.get("checked") === "true",
    ramMin: whole(sp.get("ramMin"), 1, 128),
    storageMin: whole(sp.get("storageMin"), 1, 8192),
    storageType: storageType && STORAGE_TYPES.includes(storageType) ? storageType : "",
    batteryMin: whole(sp.get("batteryMin"), 1, 100),
    screenMin,
    screenMax,
    processor: text("processor"),
    seller: /^[\w-]{1,40}$/.test(seller) ? seller : "",
    division: placeId(sp.get("division")),
    district: placeId(sp.get("district")),
    area: placeId(sp.get("area")),
    near,
  };
}

/** searchFromFilters writes the chosen filters as a query string, in a fixed order. */
export function searchFromFilters(f: ProductFilters): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.q) sp.set("q", f.q);
  if (f.category) sp.set("category", f.category);
  if (f.sort === "distance" && f.near) sp.set("near", f.near);
  if (f.sort && (f.sort !== "distance" || f.near)) sp.set("sort", f.sort);
  if (f.minPrice) sp.set("minPrice", f.minPrice);
  if (f.maxPrice) sp.set("maxPrice", f.maxPrice);
  if (f.condition) sp.set("condition", f.condition);
  if (f.location) sp.set("location", f.location);
  if (f.verified) sp.set("verified", "true");
  if (f.negotiable) sp.set("negotiable", "true");
  if (f.checked) sp.set("checked", "true");
  if (f.ramMin) sp.set("ramMin", f.ramMin);
  if (f.storageMin) sp.set("storageMin", f.storageMin);
  if (f.storageType) sp.set("storageType", f.storageType);
  if (f.batteryMin) sp.set("batteryMin", f.batteryMin);
  if (f.screenMin) sp.set("screenMin", f.screenMin);
  if (f.screenMax) sp.set("screenMax", f.screenMax);
  if (f.processor) sp.set("processor", f.processor);
  if (f.seller) sp.set("seller", f.seller);
  if (f.division) sp.set("division", f.division);
  if (f.district) sp.set("district", f.district);
  if (f.area) sp.set("area", f.area);
  return sp;
}

/** queryFromFilters turns the filters into the API's query. */
export function queryFromFilters(f: ProductFilters): ProductQuery {
  return {
    q: f.q || undefined,
    category: f.category || undefined,
    sort: (f.sort !== "distance" || f.near ? f.sort : "") || undefined,
    minPrice: f.minPrice ? Number(f.minPrice) : undefined,
    maxPrice: f.maxPrice ? Number(f.maxPrice) : undefined,
    condition: f.condition || undefined,
    location: f.location || undefined,
    verified: f.verified || undefined,
    negotiable: f.negotiable || undefined,
    checked: f.checked || undefined,
    ramMin: f.ramMin ? Number(f.ramMin) : undefined,
    storageMin: f.storageMin ? Number(f.storageMin) : undefined,
    storageType: f.storageType || undefined,
    batteryMin: f.batteryMin ? Number(f.batteryMin) : undefined,
    screenMin: f.screenMin ? Number(f.screenMin) : undefined,
    screenMax: f.screenMax ? Number(f.screenMax) : undefined,
    processor: f.processor || undefined,
    seller: f.seller || undefined,
    division: f.division || undefined,
    district: f.district || undefined,
    area: f.area || undefined,
    near: f.sort === "distance" && f.near ? f.near : undefined,
  };
}

/** The filters a visitor can take off one at a time; the screen's from and up to are one. */
export type FilterName = Exclude<keyof ProductFilters, "q" | "sort" | "screenMin" | "screenMax" | "near"> | "screen";

/** activeFilters names the filters that narrow the list (the search words and the order aside), in the bar's order. */
export function activeFilters(f: ProductFilters): FilterName[] {
  const on: Record<FilterName, boolean> = {
    category: !!f.category,
    minPrice: !!f.minPrice,
    maxPrice: !!f.maxPrice,
    condition: !!f.condition,
    location: !!f.location,
    verified: f.verified,
    negotiable: f.negotiable,
    checked: f.checked,
    ramMin: !!f.ramMin,
    storageMin: !!f.storageMin,
    storageType: !!f.storageType,
    batteryMin: !!f.batteryMin,
    screen: !!(f.screenMin || f.screenMax),
    processor: !!f.processor,
    seller: !!f.seller,
    division: !!f.division,
    district: !!f.district,
    area: !!f.area,
  };
  return (Object.keys(on) as FilterName[]).filter((k) => on[k]);
}

/** The change that takes one filter off. */
export function withoutFilter(name: FilterName): Partial<ProductFilters> {
  if (name === "screen") return { screenMin: "", screenMax: "" };
  // a place goes with the finer places inside it
  if (name === "division") return { division: "", district: "", area: "" };
  if (name === "district") return { district: "", area: "" };
  return { [name]: NO_FILTERS[name] };
}

/** How many filters narrow the list (the search words and the order aside). */
export function activeFilterCount(f: ProductFilters): number {
  return activeFilters(f).length;
}

/**
 * useUrlFilters reads the filters from the URL and changes them by adding a
 * history entry, so Back undoes the last change. Two changes in quick
 * succession (a price input's blur, then a click on a select) both land:
 * each builds on the last one written, not on a render that has not
 * happened yet.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const latest = useRef(filters);
  const search = params.toString();
  useLayoutEffect(() => {
    latest.current = filtersFromSearch(new URLSearchParams(search));
  }, [search]);

  const setFilters = useCallback(
    (patch: Partial<ProductFilters>) => {
      const next = { ...latest.current, ...patch };
      const nextSearch = searchFromFilters(next);
      if (nextSearch.toString() === searchFromFilters(latest.current).toString()) return;
      latest.current = next;
      setParams(nextSearch);
    },
    [setParams],
  );

  /** clearFilters keeps the search words and the order (near me's place with it), and drops the rest. */
  const clearFilters = useCallback(() => {
    const { q, sort, near } = latest.current;
    setFilters({ ...NO_FILTERS, q, sort, near });
  }, [setFilters]);

  return { filters, setFilters, clearFilters };
}

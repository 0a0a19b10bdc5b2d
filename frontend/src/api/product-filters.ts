// The product list's filters live in the page's query string, so a filtered
// page can be shared and the back button undoes a filter. The names are the
// API's own (q, category, minPrice ...); empty values stay out of the URL.
import { useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { CONDITIONS, type Condition, type ProductQuery, type ProductSort } from "@/api/products";

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
};

const SORTS: ProductSort[] = ["newest", "price_asc", "price_desc", "relevance"];

/** The longest search or place the API accepts. */
export const MAX_TEXT = 100;

const digits = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? String(Number(v)) : "");

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
  return {
    q,
    category: text("category"),
    // relevance needs a search to rank by
    sort: sort && SORTS.includes(sort) && (sort !== "relevance" || q) ? sort : "",
    minPrice,
    maxPrice,
    condition: condition && CONDITIONS.includes(condition) ? condition : "",
    location: text("location"),
    verified: sp.get("verified") === "true",
  };
}

/** searchFromFilters writes the chosen filters as a query string, in a fixed order. */
export function searchFromFilters(f: ProductFilters): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.q) sp.set("q", f.q);
  if (f.category) sp.set("category", f.category);
  if (f.sort) sp.set("sort", f.sort);
  if (f.minPrice) sp.set("minPrice", f.minPrice);
  if (f.maxPrice) sp.set("maxPrice", f.maxPrice);
  if (f.condition) sp.set("condition", f.condition);
  if (f.location) sp.set("location", f.location);
  if (f.verified) sp.set("verified", "true");
  return sp;
}

/** queryFromFilters turns the filters into the API's query. */
export function queryFromFilters(f: ProductFilters): ProductQuery {
  return {
    q: f.q || undefined,
    category: f.category || undefined,
    sort: f.sort || undefined,
    minPrice: f.minPrice ? Number(f.minPrice) : undefined,
    maxPrice: f.maxPrice ? Number(f.maxPrice) : undefined,
    condition: f.condition || undefined,
    location: f.location || undefined,
    verified: f.verified || undefined,
  };
}

/** How many filters narrow the list (the search words and the order aside). */
export function activeFilterCount(f: ProductFilters): number {
  return [f.category, f.minPrice, f.maxPrice, f.condition, f.location, f.verified].filter(Boolean).length;
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

  /** clearFilters keeps the search words and the order, and drops the rest. */
  const clearFilters = useCallback(() => {
    setFilters({ ...NO_FILTERS, q: latest.current.q, sort: latest.current.sort });
  }, [setFilters]);

  return { filters, setFilters, clearFilters };
}

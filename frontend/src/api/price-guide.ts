// The price guide (GET /api/price-guide, #39): what a laptop costs new in
// Bangladesh and what used ones like it list and sell for. The add-product
// form suggests a price from it as the seller types; a product page says
// why its price is good, fair or high. Its own module, loaded by those two
// only (never with the first page).
import { useEffect, useState } from "react";
import useSWR from "swr";
import type { Condition } from "@/api/products";
import { formatNumber, formatTk } from "@/lib/format";

/** GET /api/price-guide's answer: whole Tk, each null when the guide cannot tell. */
export type PriceGuide = {
  /** What it costs new in Bangladesh today. */
  newPrice: number | null;
  /** What comparable used ones list and sell for: from, typical, up to. */
  low: number | null;
  typical: number | null;
  high: number | null;
  basis: PriceBasis;
};

/** What the guide's answer rests on. */
export type PriceBasis = {
  /** Listings and sales of comparable laptops counted. */
  comparables: number;
  /** Of them, sales. */
  sold: number;
  /** The sellers behind them, each one voice. */
  sellers?: number;
  /** Listings and sales left out as outliers. */
  outliers?: number;
  /** Where the used range came from: comparable listings, the new price with typical wear, or nothing. */
  from?: "comparables" | "depreciation" | "nothing";
  /** Reference laptops the new price was taken from. */
  references?: number;
  curve?: "default" | "learned";
  curveSales?: number;
  /** The condition and years of use answered for (the defaults when none were asked). */
  condition?: Condition;
  used?: number;
};

/** What the guide is asked about: a title, and when known the condition and years of use. */
export type PriceGuideQuery = { title: string; condition?: Condition | ""; used?: string };

/** How long typing must pause before the guide is asked. */
export const GUIDE_DELAY_MS = 500;

/** The longest title the API reads. */
const MAX_TITLE = 200;

/** Years of use the guide takes: a number from 0 to 30, else left out (the guide's default). */
const years = (used: string | undefined) => {
  const s = (used ?? "").trim();
  return /^\d{1,2}(\.\d+)?$/.test(s) && Number(s) <= 30 ? String(Number(s)) : "";
};

/** priceGuideKey is the SWR key (the API path) of a guide question; null for a title too short or too long to ask about. */
export function priceGuideKey(q: PriceGuideQuery): string | null {
  const title = q.title.trim();
  if (title.length < 3 || title.length > MAX_TITLE) return null;
  const sp = new URLSearchParams({ title });
  if (q.condition) sp.set("condition", q.condition);
  const used = years(q.used);
  if (used) sp.set("used", used);
  return `/api/price-guide?${sp.toString()}`;
}

/** knowsSomething is true when the guide has a price to show. */
export function knowsSomething(g: PriceGuide | undefined): g is PriceGuide {
  return !!g && (g.newPrice !== null || g.typical !== null);
}

/**
 * usePriceGuide asks the guide about `q`, once `delay` ms pass with no
 * change (typing). A failed answer is no error to show: the guide only
 * helps, it never stands in the way, so it just shows nothing.
 */
export function usePriceGuide(q: PriceGuideQuery | null, delay = 0): PriceGuide | undefined {
  const key = q ? priceGuideKey(q) : null;
  const [settled, setSettled] = useState(delay > 0 ? null : key);
  useEffect(() => {
    if (delay <= 0) return;
    const id = setTimeout(() => setSettled(key), delay);
    return () => clearTimeout(id);
  }, [key, delay]);
  const asked = delay > 0 ? settled : key;
  // the last answer stays while the next loads (no flicker as the seller
  // types); a failed one hides it
  const { data, error } = useSWR<PriceGuide>(asked, { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true });
  return asked && !error ? data : undefined;
}

/** tkRange writes a range of whole Tk with the currency once: "40,000–52,000 Tk", "৳৪০,০০০–৫২,০০০". */
export function tkRange(low: number, high: number, locale: string): string {
  if (low === high) return formatTk(low, locale);
  const range = `${formatNumber(low, locale)}–${formatNumber(high, locale)}`;
  return locale.startsWith("bn") ? `৳${range}` : `${range} Tk`;
}

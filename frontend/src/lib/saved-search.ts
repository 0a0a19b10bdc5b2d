// A saved search's filters in words, for the dialog and the Saved searches
// page: "“macbook air” · APPLE · up to 80,000 Tk · good".
import { formatNumber, formatTk } from "@/lib/format";
import type { Translate } from "@/lib/i18n";

/** describeSearch lists a query string's filters as short phrases, the words first. */
export function describeSearch(query: string, t: Translate, locale: string): string[] {
  const sp = new URLSearchParams(query);
  const get = (k: string) => (sp.get(k) ?? "").trim();
  const n = (k: string) => Number(get(k));
  const out: string[] = [];
  if (get("q")) out.push(`“${get("q")}”`);
  if (get("category")) out.push(get("category"));
  if (get("minPrice") && get("maxPrice")) {
    out.push(t("{from} to {to}", { from: formatTk(n("minPrice"), locale), to: formatTk(n("maxPrice"), locale) }));
  } else if (get("maxPrice")) {
    out.push(t("up to {price}", { price: formatTk(n("maxPrice"), locale) }));
  } else if (get("minPrice")) {
    out.push(t("from {price}", { price: formatTk(n("minPrice"), locale) }));
  }
  const condition = get("condition");
  if (condition === "excellent") out.push(t("Excellent"));
  if (condition === "good") out.push(t("Good"));
  if (condition === "fair") out.push(t("Fair"));
  if (get("ramMin")) out.push(t("{gb} GB+ RAM", { gb: formatNumber(n("ramMin"), locale) }));
  if (get("storageMin")) out.push(t("{gb} GB+ storage", { gb: formatNumber(n("storageMin"), locale) }));
  if (get("storageType")) out.push(get("storageType"));
  if (get("batteryMin")) out.push(t("battery {pct}%+", { pct: formatNumber(n("batteryMin"), locale) }));
  if (get("screenMin") || get("screenMax")) out.push(t("screen {from}–{to}″", { from: get("screenMin") || "…", to: get("screenMax") || "…" }));
  if (get("processor")) out.push(t("processor {name}", { name: get("processor") }));
  if (get("location")) out.push(t("in {place}", { place: get("location") }));
  if (get("verified") === "true") out.push(t("verified sellers"));
  if (get("negotiable") === "true") out.push(t("negotiable"));
  if (get("seller")) out.push(t("one seller"));
  return out;
}

/** The filters a saved search keeps, as GET /api/products names them (not its sort or page). */
const FILTERS = [
  "q", "category", "minPrice", "maxPrice", "condition", "location", "verified", "negotiable", "ramMin", "storageMin", "storageType",
  "batteryMin", "screenMin", "screenMax", "processor", "seller",
] as const;
const WHOLE = new Set(["minPrice", "maxPrice", "ramMin", "storageMin", "batteryMin", "seller"]);

/**
 * searchKey is a query string's filters in the form the server keeps them
 * (store.FilterValues): trimmed, runs of spaces made one, numbers without
 * leading zeros, zero, "verified=false" and "negotiable=false" dropped, words with no letter
 * or digit dropped, keys sorted, the sort and page left out. Two queries
 * with the same key are one saved search: saving the second answers with
 * the first.
 */
export function searchKey(query: string): string {
  const sp = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const out: [string, string][] = [];
  for (const k of FILTERS) {
    let v = (sp.get(k) ?? "").trim();
    if (k === "q" || k === "processor") v = v.split(/\s+/).filter(Boolean).join(" ");
    if (k === "q" && !/[\p{L}\p{N}]/u.test(v)) v = "";
    if (WHOLE.has(k) && /^[0-9]+$/.test(v)) v = v.replace(/^0+/, "");
    if ((k === "screenMin" || k === "screenMax") && /^[0-9]+(\.[0-9])?$/.test(v)) v = String(Number(v)).replace(/^0$/, "");
    if (k === "verified" || k === "negotiable") v = v === "true" || v === "1" ? "true" : "";
    if (v !== "") out.push([k, v]);
  }
  out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(out).toString();
}

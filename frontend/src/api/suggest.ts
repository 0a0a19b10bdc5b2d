// Suggestions while typing (GET /api/search/suggest, #36): brands, models
// and spec phrases for what is typed so far, each with how many live
// laptops it finds; and the person's recent searches, kept on the device.
import { useEffect, useState } from "react";
import useSWR from "swr";

export type Suggestion = { text: string; kind: "model" | "brand" | "spec" | "query"; count: number };

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

/** The longest q the API suggests for. */
const MAX_SUGGEST = 100;

export const suggestKey = (q: string) => `/api/search/suggest?q=${encodeURIComponent(q)}`;

/**
 * useSuggestions asks for suggestions for `q` once typing has paused; none
 * for an empty or over-long q. A failed ask shows none: the box still searches.
 */
export function useSuggestions(q: string): Suggestion[] {
  const trimmed = q.trim();
  const [settled, setSettled] = useState(trimmed);
  useEffect(() => {
    const id = setTimeout(() => setSettled(trimmed), SUGGEST_DELAY_MS);
    return () => clearTimeout(id);
  }, [trimmed]);
  const askable = settled !== "" && settled.length <= MAX_SUGGEST;
  const { data } = useSWR<Suggestion[]>(askable ? suggestKey(settled) : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
  return trimmed === "" || !askable || !Array.isArray(data) ? [] : data;
}

/** localStorage key of the recent searches, newest first. */
export const RECENT_KEY = "resale:recent-searches";

/** The most recent searches kept. */
export const MAX_RECENT = 8;

export function readRecent(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x !== "").slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

function writeRecent(list: string[]): string[] {
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // private mode or full: the list lasts this page only
  }
  return list;
}

/** rememberSearch puts q first among the recent searches (once, case aside) and answers the list. */
export function rememberSearch(q: string): string[] {
  const t = q.trim();
  if (t === "") return readRecent();
  return writeRecent([t, ...readRecent().filter((r) => r.toLowerCase() !== t.toLowerCase())].slice(0, MAX_RECENT));
}

/** forgetSearch removes q from the recent searches and answers the list. */
export function forgetSearch(q: string): string[] {
  return writeRecent(readRecent().filter((r) => r !== q));
}

// How lists of laptops are drawn on a phone (#37): compact rows, a
// two-column grid, or the spec's full cards. The choice is remembered on
// the device (localStorage) and shared by every list and every tab; from
// md (768 px) up the full cards are always shown.
import { useSyncExternalStore } from "react";

export type ListingView = "list" | "grid" | "card";

/** The views in the toggle's order. */
export const LISTING_VIEWS: readonly ListingView[] = ["list", "grid", "card"];

/** localStorage key of the visitor's choice. */
export const LISTING_VIEW_KEY = "resale:listing-view";

/** Without a choice a phone shows compact rows: three or more laptops on a screen. */
export const DEFAULT_LISTING_VIEW: ListingView = "list";

/** Tailwind's md: from here the spec's full cards, beside each other. */
export const WIDE_QUERY = "(min-width: 768px)";

const CHANGE_EVENT = "resale:listing-view";

// the choice when storage is blocked
let memory: ListingView | null = null;

function isView(v: unknown): v is ListingView {
  return typeof v === "string" && (LISTING_VIEWS as readonly string[]).includes(v);
}

/** The stored choice, or the default when there is none (or storage is blocked). */
export function storedListingView(): ListingView {
  try {
    const v = localStorage.getItem(LISTING_VIEW_KEY);
    return isView(v) ? v : DEFAULT_LISTING_VIEW;
  } catch {
    return DEFAULT_LISTING_VIEW;
  }
}

/** setListingView remembers a choice and redraws every list at once. */
export function setListingView(view: ListingView) {
  try {
    localStorage.setItem(LISTING_VIEW_KEY, view);
  } catch {
    // storage blocked: the choice lasts until the page is left
    memory = view;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribeView(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === LISTING_VIEW_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** useListingView is the remembered choice (what a phone shows) and the way to change it. */
export function useListingView(): [ListingView, (view: ListingView) => void] {
  const view = useSyncExternalStore(subscribeView, () => memory ?? storedListingView());
  return [view, setListingView];
}

function subscribeWide(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const media = window.matchMedia(WIDE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/**
 * useWideScreen is true from md up, where lists show the full cards; a
 * browser that cannot tell (no matchMedia) is taken as wide: the cards, as
 * before phones had their own views.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeWide, () => typeof window.matchMedia !== "function" || window.matchMedia(WIDE_QUERY).matches);
}

/** useShownView is what a list draws now: the choice on a phone, the full cards from md up. */
export function useShownView(): ListingView {
  const [view] = useListingView();
  return useWideScreen() ? "card" : view;
}

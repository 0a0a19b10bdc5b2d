// Light and dark themes: the system's choice by default, or the one the
// visitor picked with the header's toggle, remembered in localStorage.
// public/theme.js applies the same rule before the first paint.
import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";

/** localStorage key of the visitor's own choice (absent: follow the system). */
export const THEME_KEY = "resale:theme";

/** The daisyUI theme names in index.css. */
const DAISY: Record<Theme, string> = { light: "resale", dark: "resale-dark" };

/** The browser bar's colour per theme (the header's brand colour). */
const BAR: Record<Theme, string> = { light: "#0f766e", dark: "#111a22" };

const CHANGE_EVENT = "resale:theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

function storedTheme(): Theme | null {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return t === "light" || t === "dark" ? t : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** The theme in force: the stored choice, else the system's. */
export function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/** applyTheme puts a theme on <html> and the browser bar. */
function applyTheme(theme: Theme) {
  document.documentElement.setAttribute("data-theme", DAISY[theme]);
  document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]').forEach((m) => {
    m.content = BAR[theme];
  });
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** setTheme remembers the visitor's choice and applies it at once. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  applyTheme(theme);
}

function subscribe(onChange: () => void): () => void {
  // Without a stored choice the page follows the system as it changes.
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
  const onSystem = () => {
    if (!storedTheme()) applyTheme(systemTheme());
  };
  // Another tab's toggle.
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_KEY) applyTheme(currentTheme());
  };
  media?.addEventListener("change", onSystem);
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    media?.removeEventListener("change", onSystem);
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function snapshot(): Theme {
  return document.documentElement.getAttribute("data-theme") === DAISY.dark ? "dark" : "light";
}

/** useTheme is the theme on the page now; it re-renders when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, snapshot, () => "light");
}

/** initTheme applies the theme in force (public/theme.js normally has already). */
export function initTheme() {
  applyTheme(currentTheme());
}

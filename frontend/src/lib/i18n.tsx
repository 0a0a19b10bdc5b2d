// The interface in English or Bangla. English is the source: its texts are
// the keys (the spec's copy, word for word), so English needs no lookup and
// ships with each page; the Bangla dictionary is its own chunk, loaded only
// when Bangla is chosen or remembered. The choice lives in localStorage; without one, a browser
// that prefers Bangla gets Bangla. Numbers and dates follow the language.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { formatNumber } from "@/lib/format";
import { enById, type Dictionary, type MessageKey } from "@/locales/en";

export type { MessageKey } from "@/locales/en";

export type Lang = "en" | "bn";

/** localStorage key of the visitor's own choice. */
export const LANG_KEY = "resale:lang";

/** The Intl locale numbers and dates are written in, per language. */
export const LOCALES: Record<Lang, string> = { en: "en-US", bn: "bn-BD" };

/** Values put into a text's {placeholders}; numbers are written in the language's digits. */
export type Params = Record<string, string | number>;

/** t looks a text up in the language shown and fills in its placeholders. */
export type Translate = (key: MessageKey, params?: Params) => string;

/** The dictionaries at hand; English has none: a key is its English text. */
const loaded: Partial<Record<Lang, Dictionary>> = {};

const hasDictionary = (lang: Lang) => lang === "en" || loaded[lang] !== undefined;

function storedLanguage(): Lang | null {
  try {
    const l = localStorage.getItem(LANG_KEY);
    return l === "en" || l === "bn" ? l : null;
  } catch {
    return null;
  }
}

/** The language to start in: the remembered choice, else the browser's (bn -> Bangla), else English. */
export function preferredLanguage(): Lang {
  const stored = storedLanguage();
  if (stored) return stored;
  const wanted = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return wanted[0]?.toLowerCase().startsWith("bn") ? "bn" : "en";
}

/**
 * loadDictionary fetches a language's texts once (Bangla is a separate
 * chunk); English has none to fetch. Bangla brings its web font's CSS
 * along (#32); a font that fails to load leaves the phone's own.
 */
export async function loadDictionary(lang: Lang): Promise<void> {
  if (hasDictionary(lang)) return;
  const [{ bn }] = await Promise.all([import("@/locales/bn"), import("@/lib/bengali-font.css").catch(() => undefined)]);
  loaded.bn = bn;
}

/** interpolate fills {name} placeholders; numbers go through the locale's digits. */
function interpolate(text: string, params: Params | undefined, locale: string): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return typeof v === "number" ? formatNumber(v, locale) : v;
  });
}

/** makeTranslate is the t of one dictionary; without one, of English. */
export function makeTranslate(dict: Dictionary | undefined, locale: string): Translate {
  const english = enById as Partial<Record<MessageKey, string>>;
  return (key, params) => interpolate(dict?.[key] ?? english[key] ?? key, params, locale);
}

type LanguageValue = {
  /** The language shown now. */
  lang: Lang;
  /** Its Intl locale, for formatTk and friends. */
  locale: string;
  t: Translate;
  /** Switches (after loading the texts if need be) and remembers the choice. */
  setLang: (lang: Lang) => void;
  /** True while a language's texts are on their way. */
  switching: boolean;
};

const english: LanguageValue = {
  lang: "en",
  locale: LOCALES.en,
  t: makeTranslate(undefined, LOCALES.en),
  setLang: () => {},
  switching: false,
};

// Without a provider (a component rendered alone in a test) the interface is English.
const LanguageContext = createContext<LanguageValue>(english);

/**
 * LanguageProvider holds the language shown. It starts in the preferred
 * language if its texts are already loaded (main.tsx loads them before the
 * first render), else in English until they arrive.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<Lang>(preferredLanguage);
  const [shown, setShown] = useState<Lang>(() => (hasDictionary(wanted) ? wanted : "en"));

  useEffect(() => {
    if (shown === wanted) return;
    let live = true;
    loadDictionary(wanted).then(
      () => live && setShown(wanted),
      () => live && setWanted(shown), // the chunk failed to load: stay as we are
    );
    return () => {
      live = false;
    };
  }, [wanted, shown]);

  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);

  // Another tab's switch.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === LANG_KEY) setWanted(preferredLanguage());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const setLang = useCallback((lang: Lang) => {
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
    setWanted(lang);
  }, []);

  const value = useMemo<LanguageValue>(() => {
    const locale = LOCALES[shown];
    return { lang: shown, locale, t: makeTranslate(loaded[shown], locale), setLang, switching: shown !== wanted };
  }, [shown, wanted, setLang]);

  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** useLanguage is the language shown, its locale, t and the switch. */
export function useLanguage(): LanguageValue {
  return useContext(LanguageContext);
}

/** useT is the t of the language shown: t("No Available Product"), t("Book {name}", {name}). */
export function useT(): Translate {
  return useContext(LanguageContext).t;
}

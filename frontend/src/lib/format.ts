// Display texts shared by every page: money in Tk and the spec's name cut.
// Every number shown goes through here, so another locale (e.g. bn-BD's
// digits and lakh grouping) is one argument away.

/** The locale numbers are written in unless a caller names another. */
export const DEFAULT_LOCALE = "en-US";

const wholeNumbers = new Map<string, Intl.NumberFormat>();

/** The (cached) formatter of whole numbers with thousands separators for a locale. */
function wholeNumber(locale: string): Intl.NumberFormat {
  let f = wholeNumbers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    wholeNumbers.set(locale, f);
  }
  return f;
}

/** formatNumber(85000) -> "85,000": a whole number with the locale's separators. */
export function formatNumber(n: number, locale: string = DEFAULT_LOCALE): string {
  return wholeNumber(locale).format(n);
}

/** formatTk(85000) -> "85,000 Tk"; formatTk(85000, "bn-BD") writes the number the Bangla way. */
export function formatTk(amount: number, locale: string = DEFAULT_LOCALE): string {
  return `${formatNumber(amount, locale)} Tk`;
}

/** Names of NAME_CUT characters or more are cut to NAME_CUT plus "...". */
export const NAME_CUT = 25;

/** cutName shortens long product names for tables (spec: 25-character cut). */
export function cutName(name: string): string {
  const chars = Array.from(name);
  return chars.length >= NAME_CUT ? `${chars.slice(0, NAME_CUT).join("")}...` : name;
}

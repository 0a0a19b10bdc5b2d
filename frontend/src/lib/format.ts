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

/** localDigits writes the ASCII digits of a text (e.g. a product's "1.5" years) in the locale's digits. */
export function localDigits(text: string, locale: string = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return text;
  const f = wholeNumber(locale);
  return text.replace(/[0-9]/g, (d) => f.format(Number(d)));
}

const kms = new Map<string, Intl.NumberFormat>();

/** formatKm(2.4) -> "2.4 km"; in Bangla "২.৪ কিমি": a distance to one decimal, in the locale's digits. */
export function formatKm(km: number, locale: string = DEFAULT_LOCALE): string {
  let f = kms.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    kms.set(locale, f);
  }
  return `${f.format(km)} ${locale.startsWith("bn") ? "কিমি" : "km"}`;
}

/**
 * formatTk(85000) -> "85,000 Tk"; in Bangla, formatTk(85000, "bn-BD") ->
 * "৳৮৫,০০০" (Bengali digits, lakh grouping, the taka sign in front as
 * shops in Bangladesh write it).
 */
export function formatTk(amount: number, locale: string = DEFAULT_LOCALE): string {
  const n = formatNumber(amount, locale);
  return locale.startsWith("bn") ? `৳${n}` : `${n} Tk`;
}

/** Bangla's words for before and after noon, as Bangladesh writes a clock (#32: not "AM"/"PM"). */
const BANGLA_DAY_PERIOD = { am: "পূর্বাহ্ণ", pm: "অপরাহ্ণ" } as const;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * formatDate writes a Date with Intl's options in a locale; in Bangla the
 * time's AM/PM (which Intl leaves in Latin letters for bn) becomes
 * পূর্বাহ্ণ/অপরাহ্ণ.
 */
export function formatDate(d: Date, options: Intl.DateTimeFormatOptions, locale: string = DEFAULT_LOCALE): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, f);
  }
  if (!locale.startsWith("bn")) return f.format(d);
  return f
    .formatToParts(d)
    .map((p) => (p.type === "dayPeriod" ? (d.getHours() < 12 ? BANGLA_DAY_PERIOD.am : BANGLA_DAY_PERIOD.pm) : p.value))
    .join("");
}

/** formatTime writes a Date's time of day, "9:59 PM", in Bangla "৯:৫৯ অপরাহ্ণ". */
export function formatTime(d: Date, locale: string = DEFAULT_LOCALE): string {
  return formatDate(d, { hour: "numeric", minute: "2-digit" }, locale);
}

/** parseClock reads the spec's "3:04 PM" into hours and minutes; null when it is not one. */
function parseClock(time: string): [number, number] | null {
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp])[Mm]$/.exec(time.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h < 1 || h > 12 || min > 59) return null;
  return [(h % 12) + (m[3]!.toLowerCase() === "p" ? 12 : 0), min];
}

/** parseDay reads the spec's month-day-year "01-02-2006"; null when it is not a real day. */
function parseDay(date: string): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date.trim());
  if (!m) return null;
  const d = new Date(Number(m[3]), Number(m[1]) - 1, Number(m[2]));
  return d.getMonth() === Number(m[1]) - 1 ? d : null;
}

/**
 * formatPosted writes a product's posting time and date ("3:04 PM",
 * "01-02-2006" from the server). In English they stay the spec's texts
 * exactly; in another locale they are written its way when they parse.
 */
export function formatPosted(time: string, date: string, locale: string = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return `${time}, ${date}`;
  const clock = parseClock(time);
  const day = parseDay(date);
  const timeText = clock ? formatTime(new Date(2000, 0, 1, clock[0], clock[1]), locale) : time;
  const dateText = day ? formatDate(day, { day: "numeric", month: "short", year: "numeric" }, locale) : date;
  return `${timeText}, ${dateText}`;
}

/** Names of NAME_CUT characters or more are cut to NAME_CUT plus "...". */
export const NAME_CUT = 25;

/** cutName shortens long product names for tables (spec: 25-character cut). */
export function cutName(name: string): string {
  const chars = Array.from(name);
  return chars.length >= NAME_CUT ? `${chars.slice(0, NAME_CUT).join("")}...` : name;
}

/** formatDateTime writes an RFC 3339 instant as a short local date and time, e.g. "Nov 22, 2026, 9:03 PM". */
export function formatDateTime(iso: string, locale: string = DEFAULT_LOCALE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDate(d, { dateStyle: "medium", timeStyle: "short" }, locale);
}

/** The shop's clock: the server writes a product's time and date in Dhaka time (UTC+6, no summer time; TZ's default). */
const SHOP_UTC_OFFSET_MINUTES = 6 * 60;

/**
 * formatAgo writes how long ago a product was posted, from the spec's
 * "3:04 PM" and "01-02-2006" in the shop's time: "5 min. ago", "2 hr.
 * ago", "3 days ago" (the language's own words and digits), and from a
 * week on the day, "Nov 27". Texts that do not parse come back as
 * formatPosted writes them.
 */
export function formatAgo(time: string, date: string, locale: string = DEFAULT_LOCALE, now: number = Date.now()): string {
  const clock = parseClock(time);
  const day = parseDay(date);
  if (!clock || !day) return formatPosted(time, date, locale);
  const at = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), clock[0], clock[1]) - SHOP_UTC_OFFSET_MINUTES * 60_000;
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
  if (minutes < 1) return rtf.format(0, "minute");
  if (minutes < 60) return rtf.format(-minutes, "minute");
  if (minutes < 24 * 60) return rtf.format(-Math.floor(minutes / 60), "hour");
  if (minutes < 7 * 24 * 60) return rtf.format(-Math.floor(minutes / (24 * 60)), "day");
  return formatDate(new Date(at), { day: "numeric", month: "short" }, locale);
}

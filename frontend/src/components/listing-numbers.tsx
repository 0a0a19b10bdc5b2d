// The numbers of a listing, or of all a seller's listings (#37): the five
// totals of the last 30 days as buttons, the chosen one's days as a bar
// chart (components/daily-chart.tsx), and the same days in a table for
// screen readers and anyone who wants the figures.
import { useState } from "react";
import { COUNTERS, type Counter, type ListingCounts, type ListingDay } from "@/api/listing-stats";
import { DailyChart, shortDay, type ChartTone } from "@/components/daily-chart";
import { formatNumber } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";

/** Each number's name on the page, and its chart's colour. */
export const COUNTER_NAMES: Record<Counter, MessageKey> = {
  views: "Views",
  reveals: "Calls and WhatsApp",
  chats: "Chats started",
  favourites: "Saved as favourite",
  bookings: "Bookings",
};

const TONES: Record<Counter, ChartTone> = {
  views: "primary",
  reveals: "success",
  chats: "info",
  favourites: "secondary",
  bookings: "accent",
};

type ListingNumbersProps = {
  days: ListingDay[];
  totals: ListingCounts;
};

/** ListingNumbers shows 30 days of numbers: totals to choose from, a chart, a table. */
export function ListingNumbers({ days, totals }: ListingNumbersProps) {
  const { t, locale } = useLanguage();
  const theme = useTheme();
  const [shown, setShown] = useState<Counter>("views");
  const n = (v: number) => formatNumber(v, locale);

  /** The chart's words: the 30 days' total, the busiest day, today. */
  function summary(c: Counter): string {
    if (totals[c] === 0 || days.length === 0) return t("Nothing in the last 30 days.");
    const top = days.reduce((best, d) => (d[c] > best[c] ? d : best), days[0]!);
    return t("{total} in 30 days; the busiest day was {day} with {count}; today {today}.", {
      total: n(totals[c]),
      day: shortDay(top.date, locale),
      count: n(top[c]),
      today: n(days[days.length - 1]![c]),
    });
  }

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" role="group" aria-label={t("Choose what the chart shows")}>
        {COUNTERS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={shown === c}
            onClick={() => setShown(c)}
            className={`rounded-box border p-3 text-left transition-colors last:odd:col-span-2 sm:last:odd:col-span-1 ${
              shown === c ? "border-primary bg-primary/10" : "border-base-300 bg-base-100 hover:border-base-content/30"
            }`}
          >
            <span className="block text-sm leading-tight text-base-content/70">{t(COUNTER_NAMES[c])}</span>
            <span className="mt-1 block text-2xl font-bold tabular-nums" data-total={c}>
              {n(totals[c])}
            </span>
          </button>
        ))}
      </div>

      <figure className="min-w-0 rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby="numbers-chart-title">
        <figcaption id="numbers-chart-title" className="font-semibold">
          {t("{what}, the last 30 days", { what: t(COUNTER_NAMES[shown]) })}
        </figcaption>
        <p className="mb-2 text-sm text-base-content/70" data-summary>
          {summary(shown)}
        </p>
        <DailyChart
          dates={days.map((d) => d.date)}
          values={days.map((d) => d[shown])}
          kind="count"
          tone={TONES[shown]}
          locale={locale}
          theme={theme}
          height={160}
        />
      </figure>

      <details className="rounded-box bg-base-100 p-4 shadow-sm">
        <summary className="cursor-pointer font-semibold">{t("The numbers by day")}</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">{t("The last 30 days")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Day")}</th>
                {COUNTERS.map((c) => (
                  <th key={c} scope="col" className="text-right">
                    {t(COUNTER_NAMES[c])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="whitespace-nowrap">
                    {shortDay(d.date, locale)}
                  </th>
                  {COUNTERS.map((c) => (
                    <td key={c} className="text-right tabular-nums">
                      {n(d[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="text-sm text-base-content/70">
        {t("Each person is counted once a day. Your own visits, search engines and other robots are not counted, and nobody is tracked.")}
      </p>
    </div>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useAdminStats, type DayStats, type SeriesName } from "@/api/admin-stats";
import { DailyChart, shortDay, type ChartTone } from "@/components/daily-chart";
import { PageSpinner } from "@/components/page-spinner";
import { formatNumber, formatTk } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";
import { usePageTitle } from "@/lib/title";

/** The charts, in the page's order: what each counts, its title and colour. */
const SERIES: { name: SeriesName; title: MessageKey; tone: ChartTone }[] = [
  { name: "listings", title: "New listings", tone: "primary" },
  { name: "bookings", title: "Bookings made", tone: "secondary" },
  { name: "payments", title: "Card payments", tone: "info" },
  { name: "revenue", title: "Revenue (Tk)", tone: "success" },
  { name: "reports", title: "Reports received", tone: "error" },
];

/** One stat tile: a label and its number, as a pair of a description list. */
function Tile({ id, label, value, note }: { id: string; label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rounded-box bg-base-100 p-4 shadow-sm">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums" data-stat={id}>
        {value}
      </dd>
      {note && <dd className="mt-1 text-sm">{note}</dd>}
    </div>
  );
}

/** /dashboard/overview (admin): today's numbers, the shop's totals, and the last 30 days as charts. */
export default function Overview() {
  const { t, locale } = useLanguage();
  const theme = useTheme();
  usePageTitle(t("Overview"));
  const { data: stats, error } = useAdminStats();

  if (error && !stats) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the overview. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!stats) return <PageSpinner />;

  const { today, days, totals } = stats;
  const n = (v: number) => formatNumber(v, locale);
  const show = (name: SeriesName, v: number) => (name === "revenue" ? formatTk(v, locale) : n(v));
  const dates = days.map((d) => d.date);

  /** The chart's words: the 30 days' total, the busiest day, today. */
  function summary(name: SeriesName): string {
    const total = days.reduce((sum, d) => sum + d[name], 0);
    if (total === 0) return t("Nothing in the last 30 days.");
    const top = days.reduce<DayStats>((best, d) => (d[name] > best[name] ? d : best), days[0]!);
    return t("{total} in 30 days; the busiest day was {day} with {count}; today {today}.", {
      total: show(name, total),
      day: shortDay(top.date, locale),
      count: show(name, top[name]),
      today: show(name, today[name]),
    });
  }

  return (
    <section className="space-y-8" aria-labelledby="overview-title">
      <div>
        <h1 id="overview-title" className="text-2xl font-bold sm:text-3xl">
          {t("Overview")}
        </h1>
        <p className="mt-1 text-base-content/70">{t("Today and the last 30 days, by the shop's clock ({zone}).", { zone: stats.timeZone })}</p>
      </div>

      <section aria-labelledby="overview-today" className="space-y-3">
        <h2 id="overview-today" className="text-lg font-semibold">
          {t("Today, {day}", { day: shortDay(today.date, locale) })}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <Tile id="today-listings" label={t("New listings")} value={n(today.listings)} />
          <Tile id="today-bookings" label={t("Bookings made")} value={n(today.bookings)} />
          <Tile id="today-payments" label={t("Card payments")} value={n(today.payments)} />
          <Tile id="today-revenue" label={t("Revenue")} value={formatTk(today.revenue, locale)} />
          <Tile id="today-reports" label={t("Reports received")} value={n(today.reports)} />
        </dl>
      </section>

      <section aria-labelledby="overview-shop" className="space-y-3">
        <h2 id="overview-shop" className="text-lg font-semibold">
          {t("The shop now")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <Tile id="total-listings" label={t("Laptops listed")} value={n(totals.availableListings)} />
          <Tile id="total-sellers" label={t("Sellers")} value={n(totals.sellers)} />
          <Tile id="total-buyers" label={t("Buyers")} value={n(totals.buyers)} />
          <Tile
            id="total-unverified"
            label={t("Sellers not verified")}
            value={n(totals.unverifiedSellers)}
            note={
              <Link to="/dashboard/allseller" className="link link-primary">
                {t("All Seller")}
              </Link>
            }
          />
          <Tile
            id="total-reported"
            label={t("Products reported")}
            value={n(totals.openReports)}
            note={
              <Link to="/dashboard/repotedproducts" className="link link-primary">
                {t("Reported Products")}
              </Link>
            }
          />
        </dl>
      </section>

      <section aria-labelledby="overview-days" className="space-y-3">
        <h2 id="overview-days" className="text-lg font-semibold">
          {t("The last 30 days")}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {SERIES.map((s) => (
            <figure key={s.name} className="min-w-0 rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby={`chart-${s.name}`}>
              <figcaption id={`chart-${s.name}`} className="font-semibold">
                {t(s.title)}
              </figcaption>
              <p className="mb-2 text-sm text-base-content/70">{summary(s.name)}</p>
              <DailyChart dates={dates} values={days.map((d) => d[s.name])} kind={s.name === "revenue" ? "tk" : "count"} tone={s.tone} locale={locale} theme={theme} />
            </figure>
          ))}
        </div>
        <details className="rounded-box bg-base-100 p-4 shadow-sm">
          <summary className="cursor-pointer font-semibold">{t("The numbers by day")}</summary>
          <div className="mt-3 overflow-x-auto">
            <table className="table table-sm">
              <caption className="sr-only">{t("The last 30 days")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("Day")}</th>
                  {SERIES.map((s) => (
                    <th key={s.name} scope="col" className="text-right">
                      {t(s.title)}
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
                    {SERIES.map((s) => (
                      <td key={s.name} className="text-right tabular-nums whitespace-nowrap">
                        {show(s.name, d[s.name])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
    </section>
  );
}

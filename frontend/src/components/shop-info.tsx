// The shop's part of a seller's page (#37): its address with the map
// links (a phone's map app through geo:, and OpenStreetMap), the week's
// opening hours with today's marked and whether it is open now, and the
// about text. Nothing shows for what the seller left empty.
import { mapLinks, SHOP_DAYS, type Shop, type ShopDay } from "@/api/shops";
import { useLanguage } from "@/lib/i18n";
import { localDigits } from "@/lib/format";

/** dayName is a day's name in the reader's language (2026-11-28 was a Saturday). */
export function dayName(day: ShopDay, locale: string, width: "long" | "short" = "long"): string {
  const d = new Date(Date.UTC(2026, 10, 28 + SHOP_DAYS.indexOf(day), 12));
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: "UTC" }).format(d);
}

/** The shop has something to show beyond its name. */
export function hasShopInfo(s: Shop): boolean {
  return s.address !== "" || s.about !== "" || s.hours.length > 0 || s.lat !== null;
}

/** Today's day in the shop's week, by the reader's clock (the page's "Open now" comes from the server). */
function today(): ShopDay {
  return SHOP_DAYS[(new Date().getDay() + 1) % 7];
}

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

export function ShopInfo({ shop }: { shop: Shop }) {
  const { t, locale } = useLanguage();
  const links = mapLinks(shop);
  const now = today();
  const time = (hhmm: string) => localDigits(hhmm, locale);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(shop.address || links) && (
        <div className="min-w-0 space-y-3 rounded-box bg-base-100 p-5 shadow-sm">
          <h3 className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("Address")}</h3>
          {shop.address && (
            <p className="flex items-start gap-2 font-medium break-words">
              <PinIcon />
              <span>{shop.address}</span>
            </p>
          )}
          {links && (
            <div className="flex flex-wrap gap-2">
              <a href={links.geo} className="btn btn-primary btn-sm">
                {t("Open in maps")}
              </a>
              <a href={links.osm} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm">
                {t("OpenStreetMap")}
              </a>
            </div>
          )}
        </div>
      )}
      {shop.hours.length > 0 && (
        <div className="min-w-0 space-y-3 rounded-box bg-base-100 p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("Opening hours")}</h3>
            {shop.openNow !== null && (
              <span className={`badge badge-soft font-semibold ${shop.openNow ? "badge-success" : "badge-warning"}`}>{shop.openNow ? t("Open now") : t("Closed now")}</span>
            )}
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("Opening hours")}</caption>
            <tbody>
              {SHOP_DAYS.map((d) => {
                const h = shop.hours.find((x) => x.day === d);
                return (
                  <tr key={d} className={d === now ? "font-semibold" : ""} aria-current={d === now ? "date" : undefined}>
                    <th scope="row" className="py-1 pr-3 text-left font-[inherit]">
                      {dayName(d, locale)}
                    </th>
                    <td className="py-1 text-right tabular-nums">
                      {h ? `${time(h.open)} – ${time(h.close)}` : <span className="text-base-content/60">{t("Closed")}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {shop.about && (
        <div className="min-w-0 space-y-2 rounded-box bg-base-100 p-5 shadow-sm md:col-span-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("About the shop")}</h3>
          <p className="whitespace-pre-line break-words leading-relaxed">{shop.about}</p>
        </div>
      )}
    </div>
  );
}

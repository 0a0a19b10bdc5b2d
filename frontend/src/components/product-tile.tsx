// The phone's compact row or grid tile of a laptop (#37): its own chunk,
// loaded where a list shows tiles (product-shelf.tsx), not with the first
// page (#9).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { areaText } from "@/api/locations";
import type { Product } from "@/api/products";
import { FavouriteButton } from "@/components/favourite-button";
import { NegotiableChip, PriceVerdictBadge } from "@/components/price-verdict";
import { CheckedBadge } from "@/components/checked-badge";
import { formatAgo, formatKm, formatTk } from "@/lib/format";
import { useLanguage, type Lang } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";

export type ProductTileProps = {
  product: Product;
  /** "list": a row, the photo on the left; "grid": one of two columns, the photo on top. */
  variant: "list" | "grid";
  /** The signed-in user is its seller: no heart. */
  own?: boolean;
  /** The signed-in user booked it: a Booked badge (someone else's booking too). */
  booked?: boolean;
  /** Among the first tiles on the page: its photo loads at once, not lazily. */
  priority?: boolean;
  favourite?: boolean;
  /** The heart; without it (and on one's own product) the tile has none. */
  onFavourite?: (product: Product) => void;
  /** A badge beside the price, e.g. where a saved laptop stands on Favourites. */
  badge?: ReactNode;
  /** No longer for sale (sold, expired): no link to its page, the photo greyed. */
  closed?: boolean;
};

/** Where a listing is: its area and district by language when the seller picked one (#36), else the location typed on it. */
export function placeOf(p: Product, lang: Lang): string {
  return p.area ? areaText(p.area, lang) : p.location;
}

/** The small tick of a verified seller, with its words for screen readers and a title for a pointer. */
function VerifiedTick() {
  const { t } = useLanguage();
  return (
    <span className="inline-flex shrink-0 items-center text-info" title={t("Verified seller")}>
      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M10 1.5 12.3 3l2.7-.2.9 2.6 2.3 1.5-.9 2.6.9 2.6-2.3 1.5-.9 2.6-2.7-.2L10 18.5 7.7 17l-2.7.2-.9-2.6-2.3-1.5.9-2.6-.9-2.6 2.3-1.5.9-2.6 2.7.2L10 1.5Zm3.7 6.2a.9.9 0 0 0-1.3-1.2L9 9.9 7.6 8.5a.9.9 0 1 0-1.3 1.3l2 2a.9.9 0 0 0 1.3 0l4.1-4.1Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">{t("Verified seller")}</span>
    </span>
  );
}

/**
 * ProductTile is a laptop in a phone's compact list (#37): photo, name,
 * price and what it was, where, how long ago, the Verified tick and the
 * heart. Everything else (specs, phone, Book Now) is on its page, a tap
 * away: a row is about 120 px, so a phone shows five or more.
 */
export function ProductTile({
  product: p,
  variant,
  own = false,
  booked = false,
  priority = false,
  favourite = false,
  onFavourite,
  badge,
  closed = false,
}: ProductTileProps) {
  const { t, locale, lang } = useLanguage();
  const titleId = `product-${p._id}-title`;
  const grid = variant === "grid";
  const was = p.priceDroppedFrom ?? (p.orginalPrice > p.sellPrice ? p.orginalPrice : null);
  const heart = onFavourite && !own && (
    <FavouriteButton name={p.productName} saved={favourite} onToggle={() => onFavourite(p)} className="btn-ghost btn-sm h-11 min-h-11 w-11 shrink-0" />
  );
  return (
    <article
      aria-labelledby={titleId}
      data-tile={variant}
      className={`relative flex h-full min-w-0 overflow-hidden rounded-box bg-base-100 shadow-sm ring-1 ring-base-300/60 ${grid ? "flex-col" : "gap-3 p-2"}`}
    >
      {/* the same link as the name, out of the tab order so the keyboard meets it once */}
      <PhotoLink
        to={closed ? null : `/product/${p._id}`}
        className={`relative block shrink-0 overflow-hidden bg-base-200 ${grid ? "aspect-[4/3] w-full" : "h-24 w-28 self-start rounded-field"}`}
      >
        <img
          {...photoSources(p.picture, grid ? "50vw" : "112px")}
          alt=""
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          width={grid ? 400 : 112}
          height={grid ? 300 : 96}
          className={`h-full w-full object-cover ${closed ? "opacity-60 grayscale" : ""}`}
        />
        {(p.reserved || booked) && !badge && <span className="badge badge-warning badge-sm absolute bottom-1 left-1 font-semibold">{t("Booked")}</span>}
      </PhotoLink>
      <div className={`flex min-w-0 flex-1 flex-col ${grid ? "gap-0.5 p-2.5" : "gap-0.5 py-0.5 pr-1"}`}>
        <div className="flex min-w-0 items-start gap-1">
          <h3 id={titleId} className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug font-semibold break-words">
            {closed ? (
              p.productName
            ) : (
              <Link to={`/product/${p._id}`} className="link-hover">
                {p.productName}
              </Link>
            )}
          </h3>
          {!grid && heart}
        </div>
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <p className="text-base font-extrabold text-primary">
            <span className="sr-only">{t("Selling price:")} </span>
            {formatTk(p.sellPrice, locale)}
          </p>
          {was !== null && (
            <p className={`text-xs ${p.priceDroppedFrom ? "font-medium text-success" : "text-base-content/60"}`}>
              <span className="sr-only">{p.priceDroppedFrom ? t("was") : t("Original price:")} </span>
              <del>{formatTk(was, locale)}</del>
            </p>
          )}
          {badge}
          {p.checkedAt && <CheckedBadge className="self-center" />}
        </div>
        {(p.priceVerdict || p.negotiable) && (
          <div className="flex min-w-0 flex-wrap gap-1">
            <PriceVerdictBadge verdict={p.priceVerdict} className="badge-xs" />
            <NegotiableChip negotiable={p.negotiable} className="badge-xs" />
          </div>
        )}
        {/* where and when: one line in a row; in a narrow grid tile two, clear of the heart */}
        <div className={`mt-auto flex min-w-0 gap-x-1 text-xs text-base-content/65 ${grid ? "flex-col pr-11" : "items-center"}`}>
          {/* nearest first (#36): how far, before where */}
          {p.distanceKm != null && (
            <>
              <span className="shrink-0 whitespace-nowrap font-semibold text-base-content/80">{t("{distance} away", { distance: formatKm(p.distanceKm, locale) })}</span>
              {!grid && <span aria-hidden="true">·</span>}
            </>
          )}
          <span className="truncate">
            <span className="sr-only">{t("Location")}: </span>
            {placeOf(p, lang)}
          </span>
          {!grid && <span aria-hidden="true">·</span>}
          <span className="flex shrink-0 items-center gap-1 whitespace-nowrap">
            {formatAgo(p.time, p.date, locale)}
            {p.sellerVerify && <VerifiedTick />}
          </span>
        </div>
      </div>
      {grid && heart && <div className="absolute right-0.5 bottom-0.5">{heart}</div>}
    </article>
  );
}

/** The photo: a link to the laptop's page (out of the tab order, the name is the same link), or, with no page to go to, just the photo. */
function PhotoLink({ to, className, children }: { to: string | null; className: string; children: ReactNode }) {
  if (to === null) return <div className={className}>{children}</div>;
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className={className}>
      {children}
    </Link>
  );
}

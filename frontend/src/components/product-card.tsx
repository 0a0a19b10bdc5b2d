// The full card of a laptop for sale: its own chunk, loaded where a list
// shows cards (product-shelf.tsx), not with the first page (#9).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { areaText } from "@/api/locations";
import type { Product } from "@/api/products";
import { FavouriteButton } from "@/components/favourite-button";
import { PinIcon } from "@/components/pin-icon";
import { NegotiableChip, PriceVerdictBadge } from "@/components/price-verdict";
import { CheckedBadge } from "@/components/checked-badge";
import { BookedLink, ChatIcon, Fact, PriceDrop, storageText, VerifiedBadge } from "@/components/product-parts";
import { formatKm, formatPosted, formatTk, localDigits } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";
import { telHref } from "@/lib/contact";

export type ProductCardProps = {
  product: Product;
  /** The signed-in user is this product's seller: no booking, no report. */
  own?: boolean;
  /**
   * The signed-in user booked it already: "Booked", with a link to My
   * Booking, instead of Book Now. Booked by someone else (product.reserved)
   * is a badge on the photo and a Booked button that is off.
   */
  booked?: boolean;
  /** True while this product's report is on its way. */
  reporting?: boolean;
  /** Among the first cards on the page: its photo loads at once, not lazily. */
  priority?: boolean;
  /** How wide the card is at each screen width, for picking the photo's size. */
  sizes?: string;
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  /** "Chat with seller"; without it the card has no chat button. */
  onChat?: (product: Product) => void;
  /** The product is one of the signed-in person's favourites: a filled heart. */
  favourite?: boolean;
  /** The heart; without it (and on one's own product) the card has none. */
  onFavourite?: (product: Product) => void;
  /** A badge beside the price, e.g. where a saved laptop stands on Favourites. */
  badge?: ReactNode;
  /** No longer for sale (sold, expired): no link to its page, the photo greyed, no Book Now, Chat or Report. */
  closed?: boolean;
};

/** The share of the original price a buyer saves, rounded; null when none. */
function saving(p: Product): number | null {
  if (p.orginalPrice <= 0 || p.sellPrice >= p.orginalPrice) return null;
  return Math.round((1 - p.sellPrice / p.orginalPrice) * 100);
}

/** A product for sale: photo (with the favourites' heart), prices in Tk, the facts, the seller, and Book Now / Chat / Report. */
export function ProductCard({
  product: p,
  own = false,
  booked = false,
  reporting = false,
  priority = false,
  sizes = "(min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw",
  onBook,
  onReport,
  onChat,
  favourite = false,
  onFavourite,
  badge,
  closed = false,
}: ProductCardProps) {
  const { t, locale, lang } = useLanguage();
  const off = saving(p);
  const r = p.sellerRating;
  const avg = localDigits(`${r?.average.toFixed(1)}`, locale);
  const titleId = `product-${p._id}-title`;
  // the key three (an older server sends no specs)
  const s = p.specs ?? {};
  const keySpecs = [
    s.processor,
    s.ramGb && t("{n} GB RAM", { n: s.ramGb }),
    storageText(s, t),
    s.batteryHealth != null && t("Battery {n}%", { n: s.batteryHealth }),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <article className="card h-full overflow-hidden bg-base-100 shadow-sm ring-1 ring-base-300/60" aria-labelledby={titleId}>
      <figure className="relative aspect-[16/10] bg-base-200">
        {/* the same link as the name below, out of the tab order so the keyboard meets it once */}
        {closed ? (
          <img
            {...photoSources(p.picture, sizes)}
            alt={p.productName}
            loading="lazy"
            decoding="async"
            width={800}
            height={500}
            className="h-full w-full object-cover opacity-60 grayscale"
          />
        ) : (
          <Link to={`/product/${p._id}`} tabIndex={-1} className="block h-full w-full">
            <img
              {...photoSources(p.picture, sizes)}
              alt={p.productName}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding="async"
              width={800}
              height={500}
              className="h-full w-full object-cover"
            />
          </Link>
        )}
        {off !== null && (
          <span className="badge badge-accent absolute top-3 left-3 font-semibold shadow-sm">{t("{off}% off", { off })}</span>
        )}
        {p.reserved && !booked && !badge && <span className="badge badge-warning absolute top-3 right-3 font-semibold shadow-sm">{t("Booked")}</span>}
        {/* how far, in a list nearest first (#36): on the photo, where the eye lands first */}
        {p.distanceKm != null && (
          <span className="badge badge-neutral absolute bottom-3 left-3 gap-1 font-semibold shadow-sm">
            <PinIcon className="h-3.5 w-3.5" />
            {t("{distance} away", { distance: formatKm(p.distanceKm, locale) })}
          </span>
        )}
      </figure>
      {/* a container (#32): its content never widens the card, and a narrow card (Similar laptops on a phone) puts Book Now on a row of its own */}
      <div className="card-body @container min-w-0 gap-4 p-5">
        <div className="space-y-1">
          {/* the heart beside the name, not on the photo: the photo is a link, and two controls on top of each other are one too many */}
          <div className="flex items-start gap-2">
            <h3 id={titleId} className="card-title line-clamp-2 min-h-[2lh] min-w-0 flex-1 text-lg leading-snug break-words">
              {closed ? (
                p.productName
              ) : (
                <Link to={`/product/${p._id}`} className="link-hover">
                  {p.productName}
                </Link>
              )}
            </h3>
            {onFavourite && !own && (
              <FavouriteButton name={p.productName} saved={favourite} onToggle={() => onFavourite(p)} className="btn-sm shrink-0 border-base-300 shadow-sm" />
            )}
          </div>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <div className="text-2xl font-extrabold text-primary">
              <span className="sr-only">{t("Selling price:")} </span>
              {formatTk(p.sellPrice, locale)}
            </div>
            {p.priceDroppedFrom ? <PriceDrop from={p.priceDroppedFrom} /> : null}
            <div className="text-sm text-base-content/60">
              <span className="sr-only">{t("Original price:")} </span>
              <del>{formatTk(p.orginalPrice, locale)}</del>
            </div>
            {badge}
            <span className="flex gap-1.5 self-center empty:hidden">
              <PriceVerdictBadge verdict={p.priceVerdict} />
              <NegotiableChip negotiable={p.negotiable} />
            </span>
            {p.checkedAt && <CheckedBadge className="self-center" />}
          </div>
          {/* one line's room, specs or not: every card as tall as its skeleton */}
          <p className="line-clamp-2 min-h-[1lh] text-sm text-base-content/70">{keySpecs}</p>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
          <Fact label={t("Brand")}>{p.category}</Fact>
          <Fact label={t("Condition")}>
            <span className="capitalize">{t(p.condition)}</span>
          </Fact>
          <Fact label={t("Used")}>{t("{n} year", { n: localDigits(p.used, locale) })}</Fact>
          {/* the area picked (#36) in the language shown, else the seller's words */}
          <Fact twoLines label={t("Location")}>
            {p.area ? areaText(p.area, lang) : p.location}
          </Fact>
          <div className="col-span-2 min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("Phone")}</dt>
            <dd className="font-medium">
              <a href={telHref(p.number)} className="link link-hover">
                {p.number}
              </a>
            </dd>
          </div>
        </dl>

        {/* three lines' room, description or not: every card as tall as its skeleton (no jump as a list loads) */}
        <p className="line-clamp-3 min-h-[3lh] text-sm leading-relaxed text-base-content/75" aria-hidden={p.description ? undefined : true}>
          {p.description}
        </p>

        <div className="mt-auto flex flex-col gap-1 border-t border-base-300 pt-3 text-sm">
          <div className="flex min-w-0 items-center gap-2">
            <span className="sr-only">{t("Seller:")} </span>
            <Link to={`/seller/${p.sellerId}`} className="link-hover truncate font-semibold">
              {p.seller}
            </Link>
            {p.sellerVerify && <VerifiedBadge />}
            {/* the seller's rating (#20), kept tiny (the first page's budget); screen readers get the label */}
            {r?.count ? (
              <span role="img" className="shrink-0 text-xs font-medium" aria-label={t("Seller rating {average} out of 5, reviews: {count}", { average: avg, count: r.count })}>
                ★{avg}
              </span>
            ) : null}
          </div>
          <div className="truncate text-xs text-base-content/60">
            {t("Posted {when}", { when: formatPosted(p.time, p.date, locale) })}
          </div>
        </div>

        {!closed && (
          <div className="card-actions flex-nowrap @max-[17rem]:flex-wrap">
            {own ? (
              <button type="button" className="btn btn-disabled flex-1" disabled>
                {t("Your product")}
              </button>
            ) : (
              <>
                {booked ? (
                  <BookedLink className="flex-1 whitespace-nowrap @max-[17rem]:basis-full" />
                ) : p.reserved ? (
                  <button type="button" className="btn btn-disabled flex-1 whitespace-nowrap @max-[17rem]:basis-full" disabled aria-label={t("Booked: reserved for another buyer")}>
                    {t("Booked")}
                  </button>
                ) : (
                  <button type="button" className="btn btn-primary flex-1 whitespace-nowrap @max-[17rem]:basis-full" onClick={() => onBook(p)}>
                    {t("Book Now")}
                  </button>
                )}
                {onChat && (
                  <button
                    type="button"
                    className="btn btn-square btn-outline btn-primary"
                    onClick={() => onChat(p)}
                    aria-label={t("Chat with seller")}
                    title={t("Chat with seller")}
                  >
                    <ChatIcon />
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline btn-error whitespace-nowrap @max-[17rem]:flex-1"
                  onClick={() => onReport(p)}
                  disabled={reporting}
                  aria-busy={reporting}
                >
                  {reporting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {t("Report")}
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

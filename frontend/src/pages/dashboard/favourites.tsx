import { Link } from "react-router-dom";
import { useFavourites, useToggleFavourite } from "@/api/favourites";
import type { Product } from "@/api/products";
import { FavouriteButton } from "@/components/favourite-button";
import { LoadMore } from "@/components/load-more";
import { formatTk } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";
import { usePageTitle } from "@/lib/title";
import { notify } from "@/lib/toast";

/** Where a saved laptop stands: still for sale, booked by someone, sold, or expired. */
function standing(p: Product): { label: MessageKey; badge: string; live: boolean } {
  if (p.available === "soled") return { label: "Sold", badge: "badge-neutral", live: false };
  if (p.expired) return { label: "Expired", badge: "badge-ghost", live: false };
  if (p.reserved) return { label: "Booked", badge: "badge-warning", live: true };
  return { label: "Available", badge: "badge-success", live: true };
}

/**
 * /dashboard/favourites (everyone signed in): the laptops saved with the
 * heart. Sold and expired ones stay, marked, until their heart is taken
 * off (a removed listing leaves the list); a price drop or a sale is told
 * in the bell.
 */
export default function Favourites() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Favourites"));
  const list = useFavourites();
  const toggle = useToggleFavourite();
  const { data: products, error } = list;

  async function onRemove(p: Product) {
    try {
      await toggle.trigger({ id: p._id, save: false });
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not change your favourites. Please try again."));
    }
  }

  let body;
  if (list.isLoading) {
    body = <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={t("Loading favourites")} />;
  } else if (error && !products) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your favourites. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!products || products.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center">
        <p className="font-semibold text-base-content/70">{t("No favourites yet")}</p>
        <p className="text-sm text-base-content/60">{t("Tap the heart on a laptop to keep it here. We tell you when it gets cheaper or sells.")}</p>
        <Link to="/" className="btn btn-primary btn-sm">
          {t("Browse laptops")}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {products.map((p) => {
          const s = standing(p);
          return (
            <li key={p._id} className="flex items-center gap-3 rounded-box bg-base-100 p-3 shadow-sm ring-1 ring-base-300/60" aria-label={p.productName}>
              <img
                {...photoSources(p.picture, "96px")}
                alt=""
                loading="lazy"
                width={96}
                height={60}
                className={`h-15 w-24 shrink-0 rounded object-cover ${s.live ? "" : "opacity-60 grayscale"}`}
              />
              <div className="min-w-0 flex-1 space-y-1">
                {s.live ? (
                  <Link to={`/product/${encodeURIComponent(p._id)}`} className="link-hover line-clamp-2 font-semibold break-words">
                    {p.productName}
                  </Link>
                ) : (
                  <p className="line-clamp-2 font-semibold break-words">{p.productName}</p>
                )}
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <span className="font-bold text-primary">{formatTk(p.sellPrice, locale)}</span>
                  {p.priceDroppedFrom ? (
                    <span className="text-success">
                      {t("was")} <del>{formatTk(p.priceDroppedFrom, locale)}</del>
                    </span>
                  ) : null}
                  <span className={`badge badge-sm ${s.badge}`}>{t(s.label)}</span>
                </div>
              </div>
              <FavouriteButton name={p.productName} saved onToggle={() => void onRemove(p)} className="btn-ghost btn-sm" />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="space-y-4" aria-labelledby="favourites-title">
      <div className="space-y-1">
        <h1 id="favourites-title" className="text-2xl font-bold">
          {t("Favourites")}
        </h1>
        <p className="text-sm text-base-content/70">{t("Laptops you saved. Sold and expired ones stay here, marked, until you remove them.")}</p>
      </div>
      {body}
      <LoadMore hasMore={list.hasMore} loading={list.isLoadingMore} failed={error !== undefined && products !== undefined} onLoadMore={list.loadMore} />
    </section>
  );
}

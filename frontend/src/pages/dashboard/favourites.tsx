import { Link } from "react-router-dom";
import { useFavourites } from "@/api/favourites";
import type { Product } from "@/api/products";
import { LoadMore } from "@/components/load-more";
import { ViewToggle } from "@/components/view-toggle";
import { useT, type MessageKey } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { ProductShelf } from "@/pages/product-shelf";

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
  const t = useT();
  usePageTitle(t("Favourites"));
  const list = useFavourites();
  const { data: products, error } = list;

  function mark(p: Product) {
    const s = standing(p);
    return { badge: <span className={`badge badge-sm shrink-0 ${s.badge}`}>{t(s.label)}</span>, closed: !s.live };
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
    // the same rows, grid or full cards as every list (#37), each marked with where it stands
    body = (
      <ProductShelf
        products={products}
        isLoading={false}
        error={error}
        allSaved
        standing={mark}
        eager={2}
        // beside the dashboard's menu from lg: two cards a row, three on a wide screen
        gridClassName="sm:grid-cols-2 xl:grid-cols-3"
        cardSizes="(min-width: 1280px) 25vw, (min-width: 640px) 40vw, 100vw"
      />
    );
  }

  return (
    <section className="space-y-4" aria-labelledby="favourites-title">
      <div className="space-y-1">
        {/* on a phone the choice of rows, grid or cards (#37) beside the title, remembered as on every list */}
        <div className="flex items-center justify-between gap-3">
          <h1 id="favourites-title" className="min-w-0 text-2xl font-bold break-words">
            {t("Favourites")}
          </h1>
          {products && products.length > 0 && <ViewToggle />}
        </div>
        <p className="text-sm text-base-content/70">{t("Laptops you saved. Sold and expired ones stay here, marked, until you remove them.")}</p>
      </div>
      {body}
      <LoadMore hasMore={list.hasMore} loading={list.isLoadingMore} failed={error !== undefined && products !== undefined} onLoadMore={list.loadMore} />
    </section>
  );
}

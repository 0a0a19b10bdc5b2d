import { Link } from "react-router-dom";
import { COUNTERS, useMyStats, type TopListing } from "@/api/listing-stats";
import { COUNTER_NAMES, ListingNumbers } from "@/components/listing-numbers";
import { PageSpinner } from "@/components/page-spinner";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** One of the most viewed listings: its photo, name (to its numbers) and its five totals. */
function TopRow({ listing }: { listing: TopListing }) {
  const { t, locale } = useLanguage();
  return (
    <li className="flex items-start gap-3 py-3" data-top={listing._id}>
      <img src={listing.picture} alt="" loading="lazy" className="h-12 w-16 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1">
        <Link to={`/dashboard/products/${encodeURIComponent(listing._id)}/numbers`} className="link link-hover font-medium break-words">
          {listing.productName}
        </Link>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {COUNTERS.map((c) => (
            <div key={c} className="flex gap-1">
              <dt className="text-base-content/70">{t(COUNTER_NAMES[c])}</dt>
              <dd className="font-semibold tabular-nums">{formatNumber(listing.totals[c], locale)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}

/**
 * /dashboard/numbers (seller, #37): all the seller's listings' numbers of
 * the last 30 days, and the listings most viewed.
 */
export default function SellerNumbersPage() {
  const { t } = useLanguage();
  usePageTitle(t("Your numbers"));
  const { data, error } = useMyStats();

  if (error && !data) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the numbers. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!data) return <PageSpinner />;

  return (
    <section className="space-y-6" aria-labelledby="seller-numbers-title">
      <div>
        <h1 id="seller-numbers-title" className="text-2xl font-bold sm:text-3xl">
          {t("Your numbers")}
        </h1>
        <p className="mt-1 text-base-content/70">
          {t("All your listings, the last 30 days, by the shop's clock ({zone}).", { zone: data.timeZone })}
        </p>
      </div>
      <ListingNumbers days={data.days} totals={data.totals} />
      <section aria-labelledby="top-listings" className="rounded-box bg-base-100 p-4 shadow-sm">
        <h2 id="top-listings" className="text-lg font-semibold">
          {t("Most viewed listings")}
        </h2>
        {data.top.length === 0 ? (
          <p className="mt-2 text-base-content/70">{t("No views yet. Share your listings to bring buyers to them.")}</p>
        ) : (
          <ol className="divide-y divide-base-300">
            {data.top.map((l) => (
              <TopRow key={l._id} listing={l} />
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

import { Link, useParams } from "react-router-dom";
import { useListingStats } from "@/api/listing-stats";
import { ListingNumbers } from "@/components/listing-numbers";
import { PageSpinner } from "@/components/page-spinner";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/**
 * /dashboard/products/:id/numbers (seller, #37): one listing's last 30
 * days: views, taps on the number, chats, favourites and bookings.
 */
export default function ListingNumbersPage() {
  const { id } = useParams();
  const { t } = useLanguage();
  const { data, error } = useListingStats(id);
  usePageTitle(data ? t("Numbers: {name}", { name: data.productName }) : t("Numbers"));

  let body;
  if (error && !data) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{error.status === 404 ? t("Product not found") : t("We couldn't load the numbers. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!data) {
    body = <PageSpinner />;
  } else {
    body = <ListingNumbers days={data.days} totals={data.totals} />;
  }

  return (
    <section className="space-y-6" aria-labelledby="listing-numbers-title">
      <div>
        <Link to="/dashboard/myproducts" className="link link-hover text-sm">
          ← {t("My Products")}
        </Link>
        <h1 id="listing-numbers-title" className="mt-1 text-2xl font-bold sm:text-3xl">
          {t("Numbers")}
        </h1>
        {data && (
          <p className="mt-1 break-words text-base-content/70">
            <Link to={`/product/${encodeURIComponent(data.productId)}`} className="link link-hover font-medium text-base-content">
              {data.productName}
            </Link>
            {" · "}
            {t("The last 30 days, by the shop's clock ({zone}).", { zone: data.timeZone })}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}

// /product/:id: one laptop's own page, open to everyone, so a link to it
// can be shared. The server fills the page's title and link-preview tags;
// this page shows the product and books it for a signed-in buyer.
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { useCreateBooking } from "@/api/bookings";
import { useProduct } from "@/api/products";
import { BookingModal, type BookingDetails } from "@/components/booking-modal";
import { PageSpinner } from "@/components/page-spinner";
import { Fact, VerifiedBadge } from "@/components/product-card";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { formatPosted, formatTk, localDigits } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { notify } from "@/lib/toast";

/** A product's page: photo, prices, facts, seller and Book Now. */
export default function ProductPage() {
  const { id } = useParams();
  const { data: p, error, isLoading } = useProduct(id);
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const book = useCreateBooking();
  const [booking, setBooking] = useState(false);
  const { t, locale } = useLanguage();

  // the tab's title follows the product, as the server set it on a full load
  useEffect(() => {
    if (!p) return;
    const before = document.title;
    document.title = `${p.productName} – ${formatTk(p.sellPrice, locale)} | Resale`;
    return () => {
      document.title = before;
    };
  }, [p, locale]);

  if (isLoading && !p) return <PageSpinner />;
  if (!p) {
    const gone = error instanceof ApiError && error.status === 404;
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{gone ? t("Product not found") : t("We couldn't load this laptop")}</h1>
        <p className="text-base-content/70">
          {gone ? t("It may have been sold or taken down by its seller.") : t("Please refresh the page in a moment.")}
        </p>
        <Link to="/" className="btn btn-primary">
          {t("Browse laptops")}
        </Link>
      </section>
    );
  }

  const own = user !== null && user.email === p.sellerEmail;

  function onBook() {
    if (!user) {
      void navigate("/login", { state: { from: location } });
      return;
    }
    setBooking(true);
  }

  async function sendBooking(details: BookingDetails) {
    if (!p || !user) return;
    await book.trigger({
      ProductId: p._id,
      number: details.number,
      meetLocation: details.meetLocation,
      buyerName: user.userName,
      buyerEmail: user.email,
      productName: p.productName,
      price: p.sellPrice,
    });
    notify("success", t("Book Success"));
  }

  return (
    <article className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-2" aria-labelledby="product-title">
      <figure className="overflow-hidden rounded-box bg-base-200 shadow-sm">
        <img src={p.picture} alt={p.productName} width={800} height={500} className="aspect-[16/10] h-full w-full object-cover" />
      </figure>

      <div className="flex flex-col gap-5">
        <div className="space-y-2">
          <h1 id="product-title" className="text-3xl font-bold leading-tight break-words">
            {p.productName}
          </h1>
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p className="text-3xl font-extrabold text-primary">
              <span className="sr-only">{t("Selling price:")} </span>
              {formatTk(p.sellPrice, locale)}
            </p>
            <p className="text-base-content/70">
              {t("Original price")} <del>{formatTk(p.orginalPrice, locale)}</del>
            </p>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-box bg-base-100 p-5 shadow-sm sm:grid-cols-3">
          <Fact wrap label={t("Brand")}>{p.category}</Fact>
          <Fact wrap label={t("Condition")}>
            <span className="capitalize">{t(p.condition)}</span>
          </Fact>
          <Fact wrap label={t("Used")}>{t("{n} year", { n: localDigits(p.used, locale) })}</Fact>
          <Fact wrap label={t("Location")}>{p.location}</Fact>
          <Fact wrap label={t("Seller")}>
            <span className="inline-flex flex-wrap items-center gap-2">
              {p.seller}
              {p.sellerVerify && <VerifiedBadge />}
            </span>
          </Fact>
          <Fact wrap label={t("Posted")}>{formatPosted(p.time, p.date, locale)}</Fact>
        </dl>

        {p.description && (
          <section aria-labelledby="product-description">
            <h2 id="product-description" className="mb-1 text-lg font-semibold">
              {t("Description")}
            </h2>
            <p className="whitespace-pre-line leading-relaxed text-base-content/80">{p.description}</p>
          </section>
        )}

        <div>
          {own ? (
            <button type="button" className="btn btn-disabled btn-wide" disabled>
              {t("Your product")}
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-wide" onClick={onBook}>
              {t("Book Now")}
            </button>
          )}
          {!user && <p className="mt-2 text-sm text-base-content/70">{t("You'll be asked to log in to book it.")}</p>}
        </div>
      </div>

      <BookingModal
        product={booking ? p : null}
        buyerName={user?.userName ?? ""}
        buyerEmail={user?.email ?? ""}
        onClose={() => setBooking(false)}
        onSubmit={sendBooking}
      />
    </article>
  );
}

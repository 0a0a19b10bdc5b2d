// /product/:id: one laptop's own page, open to everyone, so a link to it
// can be shared. The server fills the page's title and link-preview tags;
// this page shows the product and books it for a signed-in buyer.
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { useBookedIds, useCreateBooking } from "@/api/bookings";
import { useCategories } from "@/api/categories";
import { useProduct, useReportProduct } from "@/api/products";
import { BookingModal, type BookingDetails } from "@/components/booking-modal";
import { useConfirm } from "@/components/confirm-dialog";
import { PageSpinner } from "@/components/page-spinner";
import { PhotoGallery } from "@/components/photo-gallery";
import { BookedLink, Fact, PriceDrop, VerifiedBadge } from "@/components/product-card";
import { ShareButton } from "@/components/share-button";
import { SpecTable } from "@/components/spec-table";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { telHref, whatsappHref } from "@/lib/contact";
import { formatPosted, formatTk, localDigits } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { notify } from "@/lib/toast";
import type { LoginReason } from "@/pages/login";

/**
 * A product's page: where it is (breadcrumb), its photos, prices (and what
 * a lowered price was), Book Now, Report and Share (Edit for its seller),
 * the seller's phone, facts, specs and description.
 */
export default function ProductPage() {
  const { id } = useParams();
  const { data: p, error, isLoading } = useProduct(id);
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const book = useCreateBooking();
  const bookedIds = useBookedIds(user?.email);
  const report = useReportProduct();
  const [confirm, confirmDialog] = useConfirm();
  const { data: categories } = useCategories();
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
  /** Its seller may edit it (an older server sends no sellerId: no Edit then). */
  const editable = user !== null && Boolean(p.sellerId) && user._id === p.sellerId;
  const booked = bookedIds.has(p._id);
  /** Another buyer holds it (an accepted booking): no booking here. */
  const reservedByOther = p.reserved && !booked;
  const brand = categories?.find((c) => c.name === p.category);

  /** Sends a signed-out visitor to log in, to come back here after. */
  function signedIn(reason: LoginReason): boolean {
    if (user) return true;
    void navigate("/login", { state: { from: location, reason } });
    return false;
  }

  function onBook() {
    if (signedIn("book")) setBooking(true);
  }

  async function onReport() {
    if (!p || !signedIn("report")) return;
    const yes = await confirm({
      message: t("Are You sure Report this Product"),
      detail: t("{name} will be sent to the admins for review.", { name: p.productName }),
      confirmLabel: t("Report"),
      danger: true,
    });
    if (!yes) return;
    try {
      await report.trigger(p._id);
      notify("success", t("Report Success"));
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not report this product"));
    }
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
    <article className="mx-auto max-w-6xl space-y-4 sm:py-4" aria-labelledby="product-title">
      <nav aria-label={t("Breadcrumb")} className="breadcrumbs py-0 text-sm">
        <ul className="flex-wrap">
          <li>
            <Link to="/">{t("Home")}</Link>
          </li>
          <li>{brand ? <Link to={`/categorys/${brand._id}`}>{p.category}</Link> : <span>{p.category}</span>}</li>
          <li className="min-w-0">
            <span aria-current="page" className="line-clamp-1 break-all">
              {p.productName}
            </span>
          </li>
        </ul>
      </nav>

      <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
        <div className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          {/* keyed by product: another laptop's page starts at its cover; an older server sends no photos */}
          <PhotoGallery key={p._id} photos={p.photos?.length ? p.photos : [p.picture]} name={p.productName} />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <div className="space-y-2">
            <h1 id="product-title" className="text-2xl font-bold leading-tight break-words sm:text-3xl">
              {p.productName}
            </h1>
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <p className="text-3xl font-extrabold text-primary">
                <span className="sr-only">{t("Selling price:")} </span>
                {formatTk(p.sellPrice, locale)}
              </p>
              {p.priceDroppedFrom ? <PriceDrop from={p.priceDroppedFrom} /> : null}
              <p className="text-base-content/70">
                {t("Original price")} <del>{formatTk(p.orginalPrice, locale)}</del>
              </p>
              {reservedByOther && <span className="badge badge-warning self-center font-semibold">{t("Booked")}</span>}
            </div>
          </div>

          {/* Book Now first, so a phone shows it without scrolling */}
          <div>
            <div className="flex flex-wrap gap-2">
              {own ? (
                <button type="button" className="btn btn-disabled basis-full sm:min-w-40 sm:basis-auto" disabled>
                  {t("Your product")}
                </button>
              ) : booked ? (
                <BookedLink className="basis-full sm:min-w-40 sm:basis-auto" />
              ) : p.reserved ? (
                <button type="button" className="btn btn-disabled basis-full sm:min-w-40 sm:basis-auto" disabled aria-label={t("Booked: reserved for another buyer")}>
                  {t("Booked")}
                </button>
              ) : (
                <button type="button" className="btn btn-primary basis-full sm:min-w-40 sm:basis-auto" onClick={onBook}>
                  {t("Book Now")}
                </button>
              )}
              {!own && (
                <button
                  type="button"
                  className="btn btn-outline btn-error flex-1 sm:flex-none"
                  onClick={() => void onReport()}
                  disabled={report.isMutating}
                  aria-busy={report.isMutating}
                >
                  {report.isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {t("Report")}
                </button>
              )}
              {editable && (
                <Link to={`/dashboard/products/${encodeURIComponent(p._id)}/edit`} className="btn btn-outline flex-1 sm:flex-none">
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
                  </svg>
                  {t("Edit")}
                </Link>
              )}
              <ShareButton className="flex-1 sm:flex-none" title={p.productName} url={`${window.location.origin}/product/${encodeURIComponent(p._id)}`} />
            </div>
            {reservedByOther && !own ? (
              <p className="mt-2 text-sm text-base-content/70">{t("Reserved for another buyer. If their hand-over does not happen, it can be booked again.")}</p>
            ) : (
              !user && <p className="mt-2 text-sm text-base-content/70">{t("You'll be asked to log in to book it.")}</p>
            )}
          </div>

          <section aria-labelledby="product-seller" className="rounded-box bg-base-100 p-5 shadow-sm">
            <h2 id="product-seller" className="sr-only">
              {t("Seller")}
            </h2>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("Seller")}</p>
                <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
                  {p.seller}
                  {p.sellerVerify && <VerifiedBadge />}
                </p>
                <p className="mt-1 font-medium">
                  <span className="sr-only">{t("Phone:")} </span>
                  {p.number}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a href={telHref(p.number)} className="btn btn-sm btn-outline" aria-label={t("Call {number}", { number: p.number })}>
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      d="M3 5a2 2 0 0 1 2-2h2.3a1 1 0 0 1 1 .8l1 4a1 1 0 0 1-.3 1L7.4 10.4a12 12 0 0 0 6.2 6.2l1.6-1.6a1 1 0 0 1 1-.3l4 1a1 1 0 0 1 .8 1V19a2 2 0 0 1-2 2h-1C9.7 21 3 14.3 3 6V5Z"
                    />
                  </svg>
                  {t("Call")}
                </a>
                <a
                  href={whatsappHref(p.number)}
                  className="btn btn-sm btn-outline"
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("WhatsApp {number} (opens in a new tab)", { number: p.number })}
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d="M3.5 20.5 5 16a8.5 8.5 0 1 1 3 3l-4.5 1.5Z" />
                  </svg>
                  {t("WhatsApp")}
                </a>
              </div>
            </div>
          </section>

          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-box bg-base-100 p-5 shadow-sm sm:grid-cols-3">
            <Fact wrap label={t("Brand")}>
              {p.category}
            </Fact>
            <Fact wrap label={t("Condition")}>
              <span className="capitalize">{t(p.condition)}</span>
            </Fact>
            <Fact wrap label={t("Used")}>
              {t("{n} year", { n: localDigits(p.used, locale) })}
            </Fact>
            <Fact wrap label={t("Location")}>
              {p.location}
            </Fact>
            <Fact wrap label={t("Posted")}>
              {formatPosted(p.time, p.date, locale)}
            </Fact>
          </dl>

          <SpecTable specs={p.specs} />

          {p.description && (
            <section aria-labelledby="product-description">
              <h2 id="product-description" className="mb-1 text-lg font-semibold">
                {t("Description")}
              </h2>
              <p className="whitespace-pre-line break-words leading-relaxed text-base-content/80">{p.description}</p>
            </section>
          )}
        </div>
      </div>

      <BookingModal
        product={booking ? p : null}
        buyerName={user?.userName ?? ""}
        buyerEmail={user?.email ?? ""}
        onClose={() => setBooking(false)}
        onSubmit={sendBooking}
      />
      {confirmDialog}
    </article>
  );
}

// /product/:id: one laptop's own page, open to everyone, so a link to it
// can be shared. The server fills the page's title and link-preview tags;
// this page shows the product and books it for a signed-in buyer.
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { useBookedIds, useCreateBooking } from "@/api/bookings";
import { useCategories } from "@/api/categories";
import { sendBeacon } from "@/api/listing-stats";
import { offeredMethods, useConfig } from "@/api/config";
import { useFavouriteIds, useToggleFavourite } from "@/api/favourites";
import type { ProductReportReason } from "@/api/moderation";
import { areaPathText } from "@/api/locations";
import { useProduct, useProductSale, useReportProduct, useSimilarProducts, type Product, type ProductSale } from "@/api/products";
import { similarAdPath, type SimilarState } from "@/api/shops";
import { BookingModal, type BookingDetails } from "@/components/booking-modal";
import { ContactLinks } from "@/components/contact-links";
import { FavouriteButton } from "@/components/favourite-button";
import { PageSpinner } from "@/components/page-spinner";
import { MethodsLine } from "@/components/payment-method";
import { PhoneVerifiedBadge } from "@/components/phone-code";
import { PhotoGallery } from "@/components/photo-gallery";
import { RatingStars } from "@/components/rating-stars";
import { BookAction, bookState, ProductActionBar, showsActionBar } from "@/components/product-action-bar";
import { CheckedBadge } from "@/components/checked-badge";
import { ChatIcon, Fact, PriceDrop, VerifiedBadge } from "@/components/product-parts";
import { NegotiableChip, VERDICT_CLASS, VERDICT_LABEL } from "@/components/price-verdict";
import { useProductCheck } from "@/api/checks";
import { checkDate, CheckReportCard } from "@/components/check-report";
import { lazyPart } from "@/lib/lazy-part";
import { useResumeAction } from "@/components/resume-action";
import { ShareButton } from "@/components/share-button";
import { SpecTable } from "@/components/spec-table";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { contactNumber } from "@/lib/contact";
import { formatPosted, formatTk, localDigits } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { notify } from "@/lib/toast";
import { listingEnd } from "@/lib/expiry";
import { useWideScreen } from "@/lib/listing-view";
import { pathOf, rememberAction } from "@/lib/pending-action";
import type { LoginReason } from "@/pages/login";
import { ProductShelf } from "@/pages/product-shelf";

// "Chat with seller" comes in its own chunk, on the first click.
const StartChat = lazy(() => import("@/pages/start-chat"));
// so does "Make an offer"
const MakeOffer = lazy(() => import("@/pages/make-offer"));
// the seller's "Prove this laptop's health" (#40): only on their own listing
const CheckPanel = lazyPart(() => import("@/pages/check-panel"));
// the report dialog, loaded when Report is pressed: most visits never report
const ReportProductDialog = lazy(() => import("@/components/moderation-dialogs").then((m) => ({ default: m.ReportProductDialog })));
// why the price is good, fair or high (#39): asked of the price guide on a tap
const PriceWhy = lazy(() => import("@/pages/price-why"));

/**
 * A product's page: where it is (breadcrumb), its photos, prices (and what
 * a lowered price was), Book Now, Report, the heart and Share (Edit for its seller),
 * the seller's phone, facts, specs and description, and at the bottom
 * similar laptops.
 */
export default function ProductPage() {
  const { id } = useParams();
  const listing = useProduct(id);
  const { user } = useAuth();
  // a sold laptop: its seller and buyer still have its page
  const soldListing = listing.error instanceof ApiError && listing.error.status === 404 && listing.error.code === "sold";
  const sale = useProductSale(soldListing && user ? id : undefined);
  const p = listing.data ?? sale.data?.product;
  // the hardware report (#40): asked for only when the listing says it has one
  const check = useProductCheck(p?.checkedAt ? p._id : undefined);
  const error = listing.error;
  const isLoading = listing.isLoading || (soldListing && user !== null && sale.isLoading);
  const location = useLocation();
  const navigate = useNavigate();
  const book = useCreateBooking();
  const bookedIds = useBookedIds(user?.email);
  const { data: config } = useConfig();
  const report = useReportProduct();
  const favouriteIds = useFavouriteIds(user !== null);
  const toggleFavourite = useToggleFavourite();
  const { data: categories } = useCategories();
  const [booking, setBooking] = useState(false);
  const [chatting, setChatting] = useState(false);
  const [offering, setOffering] = useState(false);
  const [reporting, setReporting] = useState(false);
  // a phone's bar of Call, Chat and Book (#37), below md only
  const wide = useWideScreen();
  const { t, locale, lang } = useLanguage();
  // the action a visitor was sent to log in for, finished once they are back
  useResumeAction(
    Boolean(p) && !isLoading,
    (a) => a.product === p?._id && a.action !== "savedSearch",
    (a) => {
      if (!p || (user !== null && user.email === p.sellerEmail)) return;
      if (a.action === "favourite") {
        toggleFavourite.trigger({ id: p._id, save: true }).then(
          () => notify("success", t("Saved to your favourites.")),
          (err: unknown) => notify("error", err instanceof Error ? err.message : t("Could not change your favourites. Please try again.")),
        );
      }
      else if (a.action === "chat") setChatting(true);
      else if (a.action === "report") setReporting(true);
      else if (a.action === "book" && !p.reserved && listingEnd(p) !== "expired") setBooking(true);
    },
  );

  // #37 the page showed: one view to count (the server counts each person
  // once a day and never the seller; a crawler reading the API sends none)
  const shownId = p?._id;
  useEffect(() => {
    if (shownId) sendBeacon("view", shownId);
  }, [shownId]);

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
  if (!p && soldListing && id) return <SoldPage id={id} />;
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
  const phone = contactNumber(p);
  /** Its seller may edit it (an older server sends no sellerId: no Edit then). */
  const editable = user !== null && Boolean(p.sellerId) && user._id === p.sellerId;
  const booked = bookedIds.has(p._id);
  /** Another buyer holds it (an accepted booking): no booking here. */
  const reservedByOther = p.reserved && !booked;
  /** Out of the catalogue until its seller renews it: nobody books it. */
  const expired = listingEnd(p) === "expired";
  const sold = p.available === "soled";
  /** A buyer may still offer a price: as in the chat, not on a sold, expired or otherwise reserved laptop. */
  const offerable = !own && !sold && !expired && !reservedByOther;
  const brand = categories?.find((c) => c.name === p.category);
  const bookAs = bookState({ own, booked, expired, reserved: p.reserved });
  /** The phone's bar of Call, Chat and Book (#37): then the page's own Book and Chat are for wider screens. */
  const bar = !wide && showsActionBar({ own, sold });
  const barred = bar ? "max-md:hidden" : "";

  /** Sends a signed-out visitor to log in, to come back here and finish what they tapped. */
  function signedIn(reason: LoginReason): boolean {
    if (user) return true;
    if (p) rememberAction(reason, pathOf(location), p._id);
    void navigate("/login", { state: { from: location, reason } });
    return false;
  }

  function onBook() {
    if (signedIn("book")) setBooking(true);
  }

  function onChat() {
    if (signedIn("chat")) setChatting(true);
  }

  function onOffer() {
    if (signedIn("chat")) setOffering(true);
  }

  async function onFavourite() {
    if (!p || !signedIn("favourite")) return;
    try {
      await toggleFavourite.trigger({ id: p._id, save: !favouriteIds.has(p._id) });
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not change your favourites. Please try again."));
    }
  }

  function onReport() {
    if (!p || !signedIn("report")) return;
    setReporting(true);
  }

  async function sendReport(reason: ProductReportReason, note: string) {
    if (!p) return;
    try {
      await report.trigger({ id: p._id, reason, note });
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not report this product"));
      throw err;
    }
    setReporting(false);
    notify("success", t("Report Success"));
  }

  async function sendBooking(details: BookingDetails) {
    if (!p || !user) return;
    await book.trigger({
      ProductId: p._id,
      number: details.number,
      meetLocation: details.meetLocation,
      paymentMethod: details.paymentMethod,
      buyerName: user.userName,
      buyerEmail: user.email,
      productName: p.productName,
      price: p.sellPrice,
    });
    notify("success", t("Book Success"));
  }

  return (
    <>
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
              {reservedByOther && !sold && <span className="badge badge-warning self-center font-semibold">{t("Booked")}</span>}
              {sold && <span className="badge badge-neutral self-center font-semibold">{t("Sold")}</span>}
              {p.checkedAt && <CheckedBadge className="self-center" date={checkDate(p.checkedAt, locale)} />}
            </div>
            {!sold && <PriceFacts product={p} />}
          </div>

          {/* #40: a listing whose checked serial is registered stolen is out of the shop; its seller and the admins are told */}
          {p.stolen && (
            <div role="status" className="rounded-box border border-error/50 bg-error/10 p-3 text-sm">
              <p className="font-semibold">{t("Registered as stolen")}</p>
              <p>{t("The serial number this laptop was checked with is registered as stolen, so the listing is hidden from the shop.")}</p>
            </div>
          )}

          {/* #32: only its seller and the admins reach a hidden listing; both are told why it is out of the shop */}
          {p.hiddenReason !== undefined && (
            <div role="status" className="rounded-box border border-warning/50 bg-warning/10 p-3 text-sm" data-hidden-listing>
              <p className="font-semibold">{t(own ? "Hidden by an admin" : "Hidden until the seller edits it")}</p>
              <p className="break-words">{t("Reason: {reason}", { reason: p.hiddenReason })}</p>
              {own && <p className="text-base-content/70">{t("Edit the listing and it is back in the shop at once.")}</p>}
            </div>
          )}

          {/* Book Now first, so a phone shows it without scrolling; a sold laptop says to whom instead */}
          {sold ? (
            <>
              <SoldPanel sale={sale.data} />
              {editable && (
                <Link to={similarAdPath(p._id)} state={{ similar: p } satisfies SimilarState} className="btn btn-outline btn-primary self-start">
                  {t("Post a similar ad")}
                </Link>
              )}
            </>
          ) : (
          <div>
            <div className="flex flex-wrap gap-2">
              {/* on a phone Book and Chat are in the bar at the bottom (#37), under the thumb */}
              <BookAction state={bookAs} onBook={onBook} className={`basis-full sm:min-w-40 sm:basis-auto ${barred}`} />
              {!own && (
                <button type="button" className={`btn btn-outline btn-primary basis-full sm:basis-auto ${barred}`} onClick={onChat}>
                  <ChatIcon className="h-4 w-4" />
                  {t("Chat with seller")}
                </button>
              )}
              {offerable && (
                <button type="button" className="btn btn-outline btn-primary basis-full sm:basis-auto" onClick={onOffer}>
                  {t("Make an offer")}
                </button>
              )}
              {!own && (
                <button
                  type="button"
                  className="btn btn-outline btn-error flex-1 sm:flex-none"
                  onClick={onReport}
                  disabled={report.isMutating}
                  aria-busy={report.isMutating}
                >
                  {report.isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {t("Report")}
                </button>
              )}
              {!own && (
                <FavouriteButton
                  withText
                  name={p.productName}
                  saved={favouriteIds.has(p._id)}
                  onToggle={() => void onFavourite()}
                  className="btn-outline flex-1 sm:flex-none"
                />
              )}
              {editable && (
                <Link to={`/dashboard/products/${encodeURIComponent(p._id)}/edit`} className="btn btn-outline flex-1 sm:flex-none">
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
                  </svg>
                  {t("Edit")}
                </Link>
              )}
              {editable && (
                // on a phone a row of its own under Edit and Share: a third
                // of 360 px left its Bangla words three lines in a two-line button
                <Link
                  to={similarAdPath(p._id)}
                  state={{ similar: p } satisfies SimilarState}
                  className="btn btn-outline basis-full max-sm:order-last sm:flex-none sm:basis-auto"
                >
                  {t("Post a similar ad")}
                </Link>
              )}
              <ShareButton className="flex-1 sm:flex-none" title={p.productName} url={`${window.location.origin}/product/${encodeURIComponent(p._id)}`} />
            </div>
            {expired ? (
              <div role="status" className="mt-3 space-y-1 rounded-box border border-warning/50 bg-warning/10 p-3 text-sm">
                <p className="font-semibold">{t("This listing has expired")}</p>
                {editable ? (
                  <p>
                    {t("Your listing has expired: renew it to put it back in the catalogue.")}{" "}
                    <Link to="/dashboard/myproducts" className="link font-semibold">
                      {t("My Products")}
                    </Link>
                  </p>
                ) : (
                  <p>{t("Its seller can renew it; until then nobody can book it.")}</p>
                )}
              </div>
            ) : reservedByOther && !own ? (
              <p className="mt-2 text-sm text-base-content/70">{t("Reserved for another buyer. If their hand-over does not happen, it can be booked again.")}</p>
            ) : (
              !user && <p className="mt-2 text-sm text-base-content/70">{t("You'll be asked to log in to book it.")}</p>
            )}
            {/* #34: how a buyer can pay, before booking: cash at the hand-over always */}
            {!own && !booked && !expired && !p.reserved && <MethodsLine methods={offeredMethods(config)} t={t} />}
          </div>
          )}

          <section aria-labelledby="product-seller" className="rounded-box bg-base-100 p-5 shadow-sm">
            <h2 id="product-seller" className="sr-only">
              {t("Seller")}
            </h2>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("Seller")}</p>
                <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
                  <Link to={`/seller/${encodeURIComponent(p.sellerId)}`} className="link link-hover">
                    {p.seller}
                  </Link>
                  {p.sellerVerify && <VerifiedBadge />}
                </p>
                {p.sellerRating && <RatingStars average={p.sellerRating.average} count={p.sellerRating.count} className="mt-1" />}
                <p className="mt-1 flex flex-wrap items-center gap-2 font-medium">
                  <span>
                    <span className="sr-only">{t("Phone:")} </span>
                    {phone.number}
                  </span>
                  {phone.verified && <PhoneVerifiedBadge />}
                </p>
              </div>
              <ContactLinks number={phone.number} variant="page" onContact={own ? undefined : () => sendBeacon("reveal", p._id)} />
            </div>
            {p.sellerId && (
              <Link to={`/seller/${encodeURIComponent(p.sellerId)}`} className="link link-primary mt-3 inline-block text-sm font-semibold">
                {t("Visit the shop: address, hours and all its laptops")}
              </Link>
            )}
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
            {/* the chosen place in full, unless the seller's own words already say it */}
            {p.area && areaPathText(p.area, lang).toLowerCase() !== p.location.trim().toLowerCase() && (
              <Fact wrap label={t("Area")}>
                {areaPathText(p.area, lang)}
              </Fact>
            )}
            <Fact wrap label={t("Posted")}>
              {formatPosted(p.time, p.date, locale)}
            </Fact>
          </dl>

          <SpecTable specs={p.specs} checks={check.data?.specs} />

          {editable ? <CheckPanel product={p} /> : check.data && <CheckReportCard check={check.data} />}

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
      {chatting && (
        <Suspense fallback={null}>
          <StartChat product={p} seller={p.seller} onClose={() => setChatting(false)} />
        </Suspense>
      )}
      {offering && (
        <Suspense fallback={null}>
          <MakeOffer product={p} onClose={() => setOffering(false)} />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportProductDialog productName={p.productName} onClose={() => setReporting(false)} onSend={sendReport} />
        </Suspense>
      )}
    </article>
    {/* beside the product, not in it: its cards are other laptops' articles */}
    <SimilarLaptops id={p._id} />
    {bar && <ProductActionBar number={phone.number} book={bookAs} onBook={onBook} onChat={onChat} onCall={() => sendBeacon("reveal", p._id)} />}
    </>
  );
}

/**
 * Where a sold laptop went, for its page's parties: "Sold to you" with the
 * way to the booking for its buyer, to whom for its seller (or that it was
 * marked sold outside the shop), "Sold" for an admin. No booking, offer or
 * chat is offered.
 */
function SoldPanel({ sale }: { sale: ProductSale | undefined }) {
  const { t } = useLanguage();
  let text = t("This laptop has been sold.");
  let link: { to: string; label: string } | null = null;
  if (sale?.role === "buyer") {
    text = t("Sold to you.");
    link = { to: "/dashboard/mybooking", label: t("See your booking") };
  } else if (sale?.role === "seller") {
    text = sale.booking?.buyerName ? t("Sold to {name}.", { name: sale.booking.buyerName }) : t("You marked it sold outside the shop.");
    link = { to: "/dashboard/myproducts", label: t("My Products") };
  }
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-box border border-success/40 bg-success/10 p-3" data-sold={sale?.role ?? "other"}>
      <p className="min-w-0 flex-1 font-semibold">{text}</p>
      {link && (
        <Link to={link.to} className="btn btn-outline btn-sm">
          {link.label}
        </Link>
      )}
    </div>
  );
}

/** A sold laptop's page for anyone but its parties: it is sold, and here are similar ones. */
function SoldPage({ id }: { id: string }) {
  const { t } = useLanguage();
  return (
    <>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{t("This laptop has been sold")}</h1>
        <p className="text-base-content/70">{t("It is no longer for sale; other laptops are waiting.")}</p>
        <Link to="/" className="btn btn-primary">
          {t("Browse laptops")}
        </Link>
      </section>
      <SimilarLaptops id={id} />
    </>
  );
}

/**
 * Similar laptops (the same brand, a similar price) under the product: a
 * row that scrolls sideways on a phone and a grid from a tablet up. Shown
 * only when there are some; it is not worth a spinner or an error at the
 * bottom of someone else's page.
 */
function SimilarLaptops({ id }: { id: string }) {
  const { data, error } = useSimilarProducts(id);
  const { t } = useLanguage();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="similar-laptops" className="mx-auto max-w-6xl space-y-3 pt-8">
      <div>
        <h2 id="similar-laptops" className="text-xl font-bold">
          {t("Similar laptops")}
        </h2>
        <p className="text-sm text-base-content/70">{t("The same brand at a similar price")}</p>
      </div>
      <ProductShelf
        products={data}
        isLoading={false}
        error={error}
        gridClassName="grid-flow-col auto-cols-[80%] overflow-x-auto overscroll-x-contain snap-x snap-mandatory pb-2 [&>li]:snap-start sm:grid-flow-row sm:auto-cols-auto sm:grid-cols-2 sm:overflow-visible sm:pb-0 lg:grid-cols-3"
        cardSizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 80vw"
        compact={false}
      />
    </section>
  );
}

/**
 * PriceFacts says whether the seller takes offers and how the price
 * compares with used ones like it (#39); the verdict is a button whose one
 * line of why is loaded from the price guide on the first tap.
 */
function PriceFacts({ product: p }: { product: Product }) {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  const v = p.priceVerdict;
  if (!v && !p.negotiable) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        {v && (
          // a finger's 44 px to tap, the badge drawn inside it
          <button
            type="button"
            className="group -my-2.5 inline-flex min-h-11 cursor-pointer items-center rounded-field"
            aria-expanded={open}
            aria-controls={open ? "price-why" : undefined}
            data-verdict={v}
            onClick={() => setOpen((o) => !o)}
          >
            <span className={`badge badge-soft gap-1 font-semibold group-hover:brightness-95 ${VERDICT_CLASS[v]}`}>
              {t(VERDICT_LABEL[v])}
              <svg viewBox="0 0 20 20" className={`h-3.5 w-3.5 transition-transform ${open ? "rotate-180" : ""}`} fill="currentColor" aria-hidden="true">
                <path fillRule="evenodd" d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
              </svg>
            </span>
          </button>
        )}
        <NegotiableChip negotiable={p.negotiable} className="" />
      </div>
      {v && open && (
        <Suspense fallback={<p className="text-sm text-base-content/70">{t("Checking the price guide…")}</p>}>
          <PriceWhy product={p} id="price-why" />
        </Suspense>
      )}
    </div>
  );
}

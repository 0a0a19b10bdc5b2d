import { Fragment, lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { methodOf, useBookings, useCancelBooking, useChangePaymentMethod, type Booking, type PaymentMethod } from "@/api/bookings";
import { offeredMethods, useConfig } from "@/api/config";
import { useCreateReview } from "@/api/sellers";
import { useConfirm } from "@/components/confirm-dialog";
import { HandoverCode } from "@/components/handover-code";
import { LoadMore } from "@/components/load-more";
import { OnlinePayButton, PaymentOutcomeAlert } from "@/components/online-payment";
import { methodName, methodText } from "@/components/payment-method";
import { Stars } from "@/components/rating-stars";
import { RowAction } from "@/components/row-action";
import { TableSkeleton } from "@/components/skeletons";
import { useAuth } from "@/lib/auth";
import { formatDateTime, formatNumber, formatTk } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";
import { usePageTitle } from "@/lib/title";
import { lazyPart } from "@/lib/lazy-part";

// the hand-over check (#40), under a hand-over code
const HandoverCheckPanel = lazyPart(() => import("@/pages/handover-check"));


// the review dialog (#20) comes in its own chunk, when a review is written
const WriteReviewDialog = lazy(() => import("@/components/review-dialogs").then((m) => ({ default: m.WriteReviewDialog })));

/** True for the bookings the buyer may still cancel: waiting or accepted, and unpaid. */
function isPayable(b: Booking): boolean {
  return (b.status === "pending" || b.status === "accepted") && !b.paid;
}

/**
 * True when a card payment would go through (#32): the server takes one
 * for an open, unpaid booking (waiting or accepted: store.CanPay) of a
 * laptop still for sale, and only when card payment is set up (a known
 * null key: while the config is loading the Pay link shows, and the
 * payment page says the rest).
 */
function canPayByCard(b: Booking, cardPayments: boolean): boolean {
  return isPayable(b) && cardPayments && methodOf(b) === "card" && !b.product.deleted && b.product.available !== "soled";
}

/** True when an SSLCommerz payment (bKash, Nagad, cards) would be taken: as by card, when the shop offers it. */
function canPayOnline(b: Booking, methods: PaymentMethod[] | null): boolean {
  return isPayable(b) && !!methods?.includes("sslcommerz") && methodOf(b) === "sslcommerz" && !b.product.deleted && b.product.available !== "soled";
}

type PaymentCellProps = {
  b: Booking;
  /** The methods the shop offers (GET /api/config); null while it loads. */
  methods: PaymentMethod[] | null;
  cardPayments: boolean;
  /** The booking whose method is being changed, if any. */
  changing: string | null;
  onChange: (b: Booking, m: PaymentMethod) => void;
  t: Translate;
  locale: string;
};

/**
 * PaymentCell is how a booking is paid (#34): Paid once paid online; while
 * unpaid, its method in words ("Pay at the hand-over: cash"), the Pay button
 * of a card booking when card payment is set up, and a choice of another
 * method the shop offers; a booking completed without an online payment
 * was paid in cash at the hand-over.
 */
function PaymentCell({ b, methods, cardPayments, changing, onChange, t, locale }: PaymentCellProps) {
  if (b.paid) {
    // the spec's word, then how: by card or online through SSLCommerz
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <span className="badge badge-success gap-1 font-semibold">
          <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="m5 13 4 4L19 7" />
          </svg>
          {t("Paid")}
        </span>
        {methodOf(b) !== "cash" && (
          <span className="text-xs text-base-content/70" data-testid="paid-with">
            {methodName(methodOf(b), t)}
          </span>
        )}
      </span>
    );
  }
  if (b.status === "completed") return <span className="text-sm text-base-content/75">{t("Paid in cash at the hand-over")}</span>;
  if (!isPayable(b)) {
    return (
      <span className="text-base-content/50">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("Nothing to pay")}</span>
      </span>
    );
  }
  // a method the shop no longer offers (Stripe switched off) leaves cash at the hand-over
  const method = !methods || methods.includes(methodOf(b)) ? methodOf(b) : "cash";
  const choices = methods ?? [];
  const busy = changing === b._id;
  return (
    <div className="flex flex-col items-start gap-1.5 xl:min-w-44">
      <span className="text-sm font-medium" data-testid="booking-method">
        {methodText(method, t)}
        {method === "cash" && <span className="block text-xs font-normal text-base-content/70">{formatTk(b.price, locale)}</span>}
      </span>
      {canPayByCard(b, cardPayments) && (
        <Link
          to={`/dashboard/payment/${encodeURIComponent(b._id)}`}
          className="btn btn-primary btn-sm"
          aria-label={t("Pay for {name}", { name: b.productName })}
        >
          {t("Pay")}
        </Link>
      )}
      {canPayOnline(b, methods) && <OnlinePayButton bookingId={b._id} productName={b.productName} />}
      {choices.length > 1 && (
        <label className="flex items-center gap-2 text-xs text-base-content/70">
          <span>{t("Change")}</span>
          <select
            className="select select-sm w-auto max-xl:h-11"
            value={method}
            disabled={busy || changing !== null}
            aria-busy={busy}
            aria-label={t("How you pay for {name}", { name: b.productName })}
            onChange={(e) => onChange(b, e.target.value as PaymentMethod)}
          >
            {choices.map((m) => (
              <option key={m} value={m}>
                {methodName(m, t)}
              </option>
            ))}
          </select>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        </label>
      )}
    </div>
  );
}

// xl and up the bookings are a table, below it cards (index.css)
const WIDE = "(width >= 80rem)";
function subscribeWide(onChange: () => void): () => void {
  const m = typeof window.matchMedia === "function" ? window.matchMedia(WIDE) : null;
  m?.addEventListener("change", onChange);
  return () => m?.removeEventListener("change", onChange);
}
function isWide(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(WIDE).matches;
}

const badge = "badge badge-soft h-auto min-h-6 py-0.5 text-start font-semibold whitespace-normal";

/** BookingStatus is where a booking stands, in words for people: a badge, and why for a declined one. */
function BookingStatus({ b, t, locale }: { b: Booking; t: Translate; locale: string }) {
  switch (b.status) {
    case "pending":
      // solid: yellow text on pale yellow is too faint to read
      return <span className={`${badge.replace("badge-soft", "")} badge-warning`}>{t("Waiting for the seller")}</span>;
    case "accepted":
      return (
        <span className={`${badge} badge-success`}>
          {b.reservedUntil ? t("Accepted — reserved for you until {date}", { date: formatDateTime(b.reservedUntil, locale) }) : t("Accepted")}
        </span>
      );
    case "paid":
      return <span className={`${badge} badge-success`}>{t("Paid")}</span>;
    case "completed":
      // #32: badge-neutral's soft look is near-black on near-black in the dark theme
      return <span className={`${badge.replace("badge-soft", "")} badge-outline border-current text-base-content`}>{t("Completed")}</span>;
    case "declined": {
      let why: string | null = null;
      if (b.declineCode === "seller") why = b.declineReason ? t("The seller said: “{reason}”", { reason: b.declineReason }) : t("The seller declined it");
      else if (b.declineCode === "reserved") why = t("The seller reserved it for another buyer");
      else if (b.declineCode === "expired") why = t("The reservation ran out after 72 hours");
      else if (b.declineCode === "sold") why = t("The laptop was sold");
      else if (b.declineCode === "removed")
        why = b.declineReason
          ? t("An admin removed the listing: “{reason}”. Your card payment is refunded.", { reason: b.declineReason })
          : t("An admin removed the listing. Your card payment is refunded.");
      return (
        <>
          <span className={`${badge} badge-error`}>{t("Declined")}</span>
          {why && <span className="basis-full text-sm text-base-content/75 xl:mt-1 xl:block xl:max-w-56">{why}</span>}
        </>
      );
    }
  }
}

/** /dashboard and /dashboard/mybooking: the signed-in user's bookings, where each stands, and the hand-over code of a reserved one. */
export default function MyBooking() {
  const { t, locale } = useLanguage();
  usePageTitle(t("My Booking"));
  const paidTitle = t("Paid bookings stay on record and cannot be deleted");
  const closedTitle = t("Only a booking that is waiting or accepted can be cancelled");
  const { user } = useAuth();
  const { data: config } = useConfig();
  const cardPayments = config ? config.stripePublishableKey !== null : true;
  const methods = config ? offeredMethods(config) : null;
  const changeMethod = useChangePaymentMethod();
  const [changing, setChanging] = useState<string | null>(null);

  async function onChangeMethod(b: Booking, m: PaymentMethod) {
    setChanging(b._id);
    try {
      await changeMethod.trigger({ id: b._id, paymentMethod: m });
      toast.success(t("You will pay for {name} this way: {method}", { name: b.productName, method: methodName(m, t) }));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not change how you pay. Please try again."));
    } finally {
      setChanging(null);
    }
  }
  // #32: on a phone each booking is a card that starts with where it stands, then its hand-over code
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);
  const list = useBookings(user?.email);
  const { data: bookings, error } = list;
  const remove = useCancelBooking();
  const [confirm, confirmDialog] = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);
  // #20: "Write a review" of a completed or paid booking; the review_request
  // notification links here with ?review={booking id}
  const [params, setParams] = useSearchParams();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const asked = params.get("review");
  // #34: back from SSLCommerz's page, ?payment=OUTCOME&booking=ID
  const outcome = params.get("payment");
  const outcomeOf = bookings?.find((b) => b._id === params.get("booking"));
  function closeOutcome() {
    setParams({}, { replace: true });
  }
  const reviewTarget = bookings?.find((b) => b._id === (reviewing ?? asked) && b.reviewable);
  const createReview = useCreateReview();
  function closeReview() {
    setReviewing(null);
    if (asked) setParams({}, { replace: true });
  }

  async function onDelete(b: Booking) {
    // The spec's prompt for deleting a booking, word for word in English
    // (its own key, so the Bangla can say "booking").
    const yes = await confirm({
      message: t("booking.deletePrompt"),
      detail: t("Your booking of {name} will be removed.", { name: b.productName }),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!yes) return;
    setDeleting(b._id);
    try {
      await remove.trigger(b._id);
      toast.success(t("Delete Success"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not delete this booking"));
    } finally {
      setDeleting(null);
    }
  }

  let table: ReactNode;
  if (error && !bookings) {
    table = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your bookings. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!bookings) {
    table = <TableSkeleton columns={7} />;
  } else if (bookings.length === 0) {
    table = (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
        <p className="text-lg font-semibold text-base-content/70">{t("No Booking")}</p>
        <p className="text-sm text-base-content/60">{t("Book a laptop from its brand's page and it will show up here.")}</p>
        <Link to="/" className="btn btn-primary btn-sm">
          {t("Browse laptops")}
        </Link>
      </div>
    );
  } else {
    table = (
      <div className="table-cards-wrap table-cards-xl-wrap overflow-x-auto rounded-box bg-base-100 shadow-sm">
        <table className="table-cards table-cards-xl table table-sm sm:table-md">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("Product")}</th>
              <th scope="col">{t("Price")}</th>
              <th scope="col">{t("MeetLocation")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">{t("Delete")}</th>
              <th scope="col">{t("Payment")}</th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((b, i) => (
              <Fragment key={b._id}>
                <tr className={`hover:bg-base-200/50 max-xl:flex max-xl:flex-col ${b.handoverCode && wide ? "border-b-0" : ""}`}>
                  <th scope="row" className="text-base-content/60 max-xl:hidden">
                    {formatNumber(i + 1, locale)}
                  </th>
                  <td>
                    <div className="flex w-full items-center gap-3 xl:min-w-48 xl:max-w-72">
                      <img {...photoSources(b.product.picture, "56px")} alt="" loading="lazy" className="h-10 w-14 shrink-0 rounded object-cover" />
                      <div className="min-w-0">
                        {b.product.deleted ? (
                          <span className="block font-medium">{b.productName}</span>
                        ) : (
                          <Link to={`/product/${encodeURIComponent(b.ProductId)}`} className="link link-hover block font-medium">
                            {b.productName}
                          </Link>
                        )}
                        {b.product.deleted && <span className="block text-xs text-base-content/60">{t("Removed from the shop")}</span>}
                        <time dateTime={b.createdAt} className="block text-xs text-base-content/60">
                          {t("Booked on {date}", { date: formatDateTime(b.createdAt, locale) })}
                        </time>
                      </div>
                    </div>
                  </td>
                  <td className="font-semibold xl:whitespace-nowrap" data-label={t("Price")}>
                    {formatTk(b.price, locale)}
                  </td>
                  <td data-label={t("Meeting place")}>
                    <span className="block xl:min-w-28 xl:max-w-56">{b.meetLocation}</span>
                  </td>
                  <td data-label={t("Status")} className="max-xl:order-first max-xl:justify-start">
                    <BookingStatus b={b} t={t} locale={locale} />
                    {b.reviewable && (
                      <button
                        type="button"
                        className="btn btn-primary btn-outline btn-xs mt-1 block"
                        onClick={() => setReviewing(b._id)}
                        aria-label={t("Write a review of the seller of {name}", { name: b.productName })}
                      >
                        {t("Write a review")}
                      </button>
                    )}
                    {b.review && !b.review.removed && (
                      <span className="mt-1 flex items-center gap-1 text-xs text-base-content/70">
                        <Stars value={b.review.rating} className="h-3.5 w-3.5" />
                        {t("You reviewed the seller")}
                      </span>
                    )}
                  </td>
                  {b.handoverCode && !wide && (
                    <td className="max-xl:order-first max-xl:block">
                      <HandoverCode code={b.handoverCode} url={b.handoverUrl} name={b.productName} />
                      <div className="mt-3">
                        <HandoverCheckPanel booking={b} />
                      </div>
                    </td>
                  )}
                  <td className="max-xl:justify-start">
                    <RowAction
                      text={t("Delete")}
                      label={t("Delete {name}", { name: b.productName })}
                      tone="delete"
                      busy={deleting === b._id}
                      disabled={!isPayable(b) || deleting !== null}
                      reason={isPayable(b) ? undefined : b.paid ? paidTitle : closedTitle}
                      onClick={() => void onDelete(b)}
                    />
                    {/* #32: on a touch screen a title never shows; the reason is written out */}
                    {!isPayable(b) && (
                      <span className="text-xs text-base-content/70 xl:hidden">{b.paid ? paidTitle : closedTitle}</span>
                    )}
                  </td>
                  {/* on a phone's card, no line at all when there is nothing to pay */}
                  <td
                    data-label={t("Payment")}
                    className={!b.paid && !isPayable(b) && b.status !== "completed" ? "max-xl:hidden" : undefined}
                  >
                    <PaymentCell
                      b={b}
                      methods={methods}
                      cardPayments={cardPayments}
                      changing={changing}
                      onChange={(bk, m) => void onChangeMethod(bk, m)}
                      t={t}
                      locale={locale}
                    />
                  </td>
                </tr>
                {b.handoverCode && wide && (
                  // The code and its QR under their booking, the table's whole width: on a phone the
                  // bottom of the booking's card (joined to it), on a wide screen a row of its own.
                  <tr className="max-xl:-mt-3 max-xl:rounded-t-none max-xl:border-t-0 max-xl:pt-0">
                    <td colSpan={7} className="xl:pt-0">
                      <HandoverCode code={b.handoverCode} url={b.handoverUrl} name={b.productName} />
                      <div className="mt-3">
                        <HandoverCheckPanel booking={b} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="space-y-6" aria-labelledby="my-booking-title">
      <div>
        <h1 id="my-booking-title" className="text-2xl font-bold sm:text-3xl">
          {t("My Booking")}
        </h1>
        <p className="mt-1 text-base-content/70">{t("The laptops you booked and where each stands. You meet the seller where you chose.")}</p>
      </div>
      <PaymentOutcomeAlert payment={outcome} productName={outcomeOf?.productName} onClose={closeOutcome} />
      {table}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        failed={list.error !== undefined && bookings !== undefined}
        onLoadMore={list.loadMore}
        failedText={t("We couldn't load more. Please try again.")}
      />
      {confirmDialog}
      {reviewTarget && (
        <Suspense fallback={null}>
          <WriteReviewDialog
          productName={reviewTarget.productName}
          onClose={closeReview}
          onSend={async (rating, text) => {
            await createReview.trigger({ bookingId: reviewTarget._id, rating, text });
            closeReview();
            toast.success(t("Thank you! Your review is on the seller's page."));
          }}
          />
        </Suspense>
      )}
    </section>
  );
}

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { toast } from "react-toastify";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
// The "pure" entry loads Stripe.js only when loadStripe is called (not on
// import), and only this lazily loaded page imports it.
import { loadStripe } from "@stripe/stripe-js/pure";
import { methodOf, useBooking, type Booking } from "@/api/bookings";
import { offeredMethods, useConfig } from "@/api/config";
import { usePayment } from "@/api/payments";
import { CardField } from "@/components/card-field";
import { OnlinePayButton } from "@/components/online-payment";
import { PageSpinner } from "@/components/page-spinner";
import { methodText } from "@/components/payment-method";
import { FormSkeleton } from "@/components/skeletons";
import { ApiError } from "@/lib/api";
import { formatTk } from "@/lib/format";
import { useLanguage, useT, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** /dashboard/payment/:id: card payment for one of the caller's bookings. */
export default function Payment() {
  const { id } = useParams();
  const { data: booking, error } = useBooking(id);
  const { t, locale } = useLanguage();
  usePageTitle(booking ? t("Payment for {name}", { name: booking.productName }) : t("Payment"));
  const { data: config, error: configError } = useConfig();
  // #34: a booking to be paid another way says so; Pay by card instead
  // shows the card form (its Pay makes the booking a card booking)
  const [byCard, setByCard] = useState(false);

  if (error && !booking) {
    if (error.status === 404) {
      return (
        <Notice title={t("Booking not found")}>
          <p>{t("This booking doesn't exist or isn't yours. It may have been deleted.")}</p>
          <BackLink />
        </Notice>
      );
    }
    return (
      <Notice title={t("We couldn't load this booking")}>
        <p>{error.message}</p>
        <BackLink />
      </Notice>
    );
  }
  if (!booking) {
    return (
      <div className="mx-auto w-full max-w-xl">
        <FormSkeleton fields={2} />
      </div>
    );
  }

  let body: ReactNode;
  if (booking.paid) {
    body = (
      <div role="status" className="alert alert-success alert-soft">
        <CheckIcon />
        <div>
          <p className="font-semibold">{t("This booking is already paid.")}</p>
          <p className="text-sm">{t("The laptop is yours; meet the seller at {place}.", { place: booking.meetLocation })}</p>
        </div>
      </div>
    );
  } else if (configError && !config) {
    body = <p className="text-error">{t("We couldn't reach the shop's payment settings. Please refresh the page in a moment.")}</p>;
  } else if (!config) {
    body = <PageSpinner label={t("Loading the card form...")} />;
  } else if (methodOf(booking) !== "card" && !byCard) {
    body = (
      <OtherMethod
        booking={booking}
        cardOffered={config.stripePublishableKey !== null}
        onlineOffered={offeredMethods(config).includes("sslcommerz")}
        onCard={() => setByCard(true)}
      />
    );
  } else if (!config.stripePublishableKey) {
    body = <PaymentsOff />;
  } else {
    body = <CardPayment booking={booking} publishableKey={config.stripePublishableKey} />;
  }

  return (
    <section className="mx-auto w-full max-w-xl space-y-6" aria-labelledby="payment-title">
      <div>
        <BackLink />
        <h1 id="payment-title" className="mt-2 text-2xl font-bold sm:text-3xl">
          {t("Payment for {name}", { name: booking.productName })}
        </h1>
      </div>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-5 p-5 sm:p-8">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:text-base">
            <dt className="text-base-content/60">{t("Product")}</dt>
            <dd className="font-semibold break-words">{booking.productName}</dd>
            <dt className="text-base-content/60">{t("Price")}</dt>
            <dd className="text-lg font-bold text-primary">{formatTk(booking.price, locale)}</dd>
            <dt className="text-base-content/60">{t("Meet at")}</dt>
            <dd className="break-words">{booking.meetLocation}</dd>
          </dl>
          <div className="border-t border-base-200 pt-5">{body}</div>
        </div>
      </div>
    </section>
  );
}

/**
 * What went wrong with the payment, worded for the buyer. restart: the
 * booking's price changed (#31), so the next Pay starts a new payment for
 * the new price (the page shows it, the booking being read again).
 */
type Problem = { message: string; tone: "error" | "warning"; final: boolean; paymentsOff?: boolean; restart?: boolean };

/** problemOf turns an API failure of this page into what the buyer sees. */
function problemOf(err: unknown, t: Translate): Problem {
  if (!(err instanceof ApiError)) return { message: t("Something went wrong. Please try again."), tone: "error", final: false };
  switch (err.code) {
    case "payments_off":
      return { message: t("Card payments are not set up on this shop yet."), tone: "warning", final: true, paymentsOff: true };
    case "sold":
      return { message: t("{message}. It was sold to someone else, so it cannot be paid for.", { message: err.message }), tone: "warning", final: true };
    case "refund_required":
      return { message: err.message, tone: "warning", final: true };
    case "paid":
      return { message: t("This booking is already paid."), tone: "warning", final: true };
    case "price_changed":
      return {
        message: t("The price of this booking changed while your payment was being prepared. Check the new price above, then press Pay again."),
        tone: "warning",
        final: false,
        restart: true,
      };
    case "payment_refunded":
      return {
        message: t("Your payment was for this booking as it was before: its price changed. It is recorded and will be refunded to your card. Check the new price above; Pay charges it."),
        tone: "warning",
        final: false,
        restart: true,
      };
  }
  if (err.status === 404) return { message: t("This booking no longer exists."), tone: "error", final: true };
  return { message: err.message, tone: "error", final: false };
}

type CardPaymentProps = { booking: Booking; publishableKey: string };

/** The card form: Stripe.js confirms the card, then the server records the payment. */
function CardPayment({ booking, publishableKey }: CardPaymentProps) {
  const navigate = useNavigate();
  const t = useT();
  const { createIntent, record } = usePayment();
  const labelId = useId();

  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** The PaymentIntent the card paid, kept until the server has recorded it. */
  const [charged, setCharged] = useState<string | null>(null);
  const [paidWith, setPaidWith] = useState<string | null>(null);
  const secret = useRef<Promise<string | null> | null>(null);

  useEffect(() => {
    let live = true;
    loadStripe(publishableKey).then(
      (s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setLoadFailed(true);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);

  /** ensureSecret starts the PaymentIntent once and shares it; a failure may be retried by Pay. */
  const ensureSecret = useCallback((): Promise<string | null> => {
    secret.current ??= createIntent(booking._id).then(
      (res) => {
        setProblem(null);
        return res.clientSecret;
      },
      (err: unknown) => {
        secret.current = null;
        setProblem(problemOf(err, t));
        return null;
      },
    );
    return secret.current;
  }, [booking._id, createIntent, t]);

  // Start the payment when the page opens, so a sold laptop says so before any card is typed.
  useEffect(() => {
    void ensureSecret();
  }, [ensureSecret]);

  async function onPay(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement("card");
    // Spec: the form does nothing until Stripe.js and the card field are ready.
    if (!stripe || !card || processing) return;
    setProcessing(true);
    setCardError(null);
    let transactionId = charged;
    try {
      if (!transactionId) {
        const clientSecret = await ensureSecret();
        if (!clientSecret) return;
        const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { name: booking.buyerName, email: booking.buyerEmail } },
        });
        if (error) {
          setCardError(error.message ?? t("Your card could not be charged. Please check the details and try again."));
          return;
        }
        if (paymentIntent.status !== "succeeded") {
          setCardError(t("The payment did not go through ({status}). Please try again.", { status: paymentIntent.status.replaceAll("_", " ") }));
          return;
        }
        transactionId = paymentIntent.id;
        setCharged(transactionId);
      }
      setProblem(null);
      await record({
        bookingId: booking._id,
        ProductId: booking.ProductId,
        price: booking.price,
        buyerEmail: booking.buyerEmail,
        transactionId,
      });
      setPaidWith(transactionId);
      toast.success(t("Payment Success"));
      toast.info(t("Transaction id: {id}", { id: transactionId }));
      navigate("/dashboard");
    } catch (err) {
      const p = problemOf(err, t);
      if (p.restart) {
        // that payment is refunded: the next Pay starts one for the new price
        secret.current = null;
        setCharged(null);
      } else if (transactionId && !p.final) {
        // The card was charged but the shop has not recorded it yet: Pay again only re-reports it.
        p.message = t("Your card was charged, but the shop could not confirm it yet: {problem} Press Pay again to retry; you will not be charged twice.", { problem: p.message });
      }
      setProblem(p);
    } finally {
      setProcessing(false);
    }
  }

  if (problem?.paymentsOff) return <PaymentsOff />;
  const done = paidWith !== null || problem?.final === true;
  const ready = stripe !== null && elements !== null;

  return (
    <form onSubmit={(e) => void onPay(e)} noValidate className="space-y-4" aria-busy={processing}>
      <div className="space-y-2">
        <p id={labelId} className="font-semibold">
          {t("Card details")}
        </p>
        {loadFailed ? (
          <p role="alert" className="text-error">
            {t("The card form could not load. Check your connection and reload the page.")}
          </p>
        ) : (
          <>
            <CardField
              stripe={stripe}
              labelledBy={labelId}
              onElements={setElements}
              onChange={(event) => setCardError(event.error?.message ?? null)}
            />
            {!ready && (
              <p className="flex items-center gap-2 text-sm text-base-content/60" role="status">
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                {t("Loading the secure card form...")}
              </p>
            )}
          </>
        )}
        {publishableKey.startsWith("pk_test_") && (
          <p className="text-xs text-base-content/60">{t("Test mode: use card 4242 4242 4242 4242 with any future date and any CVC. No real money moves.")}</p>
        )}
      </div>

      <button type="submit" className="btn btn-primary w-full" disabled={!ready || processing || done} aria-busy={processing}>
        {processing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t("Pay")}
      </button>

      {cardError && (
        <p role="alert" className="text-sm font-medium text-error">
          {cardError}
        </p>
      )}
      {problem && (
        <div role="alert" className={`alert alert-soft ${problem.tone === "warning" ? "alert-warning" : "alert-error"}`}>
          <span>{problem.message}</span>
        </div>
      )}
      {paidWith && (
        <div role="status" className="alert alert-success alert-soft">
          <CheckIcon />
          <span className="break-all">
            {t("Congrats! Your payment is complete. Transaction id:")} <strong>{paidWith}</strong>
          </span>
        </div>
      )}
    </form>
  );
}

/**
 * OtherMethod is the page of a booking to be paid another way than by
 * card (#34): cash at the hand-over, or SSLCommerz; the buyer may pay by
 * card instead when the shop takes cards.
 */
function OtherMethod({ booking, cardOffered, onlineOffered, onCard }: { booking: Booking; cardOffered: boolean; onlineOffered: boolean; onCard: () => void }) {
  const t = useT();
  const cash = methodOf(booking) === "cash";
  const online = !cash && onlineOffered;
  return (
    <div className="space-y-4">
      <div role="status" className="alert alert-info alert-soft">
        <div>
          <p className="font-semibold" data-testid="booking-method">
            {methodText(methodOf(booking), t)}
          </p>
          <p className="text-sm">
            {cash
              ? t("Nothing to pay here: pay the seller at {place} once you have checked the laptop, then give them your hand-over code.", { place: booking.meetLocation })
              : online
                ? t("The gateway's page takes bKash, Nagad, Rocket or a card; then you come back to My Booking.")
                : t("Pay online from My Booking.")}
          </p>
        </div>
      </div>
      {online && <OnlinePayButton bookingId={booking._id} productName={booking.productName} />}
      {cardOffered && (
        <button type="button" className="btn btn-outline btn-primary w-full sm:w-auto" onClick={onCard}>
          {t("Pay by card instead")}
        </button>
      )}
    </div>
  );
}

function PaymentsOff() {
  const t = useT();
  return (
    <div role="status" className="alert alert-info alert-soft">
      <span>
        {t("Card payments are not set up on this shop yet.")} {t("Meet the seller and pay in person, or come back later.")}
      </span>
    </div>
  );
}

/** A page-sized message in place of the payment, e.g. an unknown booking. */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mx-auto w-full max-w-xl bg-base-100 shadow-sm" aria-labelledby="notice-title">
      <div className="card-body items-start gap-3">
        <h1 id="notice-title" className="text-2xl font-bold text-error">
          {title}
        </h1>
        <div className="space-y-3 text-base-content/80">{children}</div>
      </div>
    </section>
  );
}

function BackLink() {
  const t = useT();
  return (
    <Link to="/dashboard/mybooking" className="link link-hover inline-flex items-center gap-1 text-sm text-base-content/70">
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="M15 18l-6-6 6-6" />
      </svg>
      {t("Back to My Booking")}
    </Link>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="m5 13 4 4L19 7" />
    </svg>
  );
}

// Paid promotion (#34): the dialog My Products opens for Advertise on a
// shop that charges for it. It names the price and the ways to pay the
// shop takes (a card here, through Stripe; bKash, Nagad or a card on
// SSLCommerz's page), then pays; the server advertises the laptop once
// the provider confirms the payment.
import { useEffect, useId, useState, type FormEvent } from "react";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { isProductKey } from "@/api/products";
import { fetchPromotion, useStartPromotion, type PromotionMethod, type PromotionOutcome } from "@/api/promotions";
import { CardField } from "@/components/card-field";
import { Modal } from "@/components/modal";
import { leaveFor } from "@/components/online-payment";
import { methodName } from "@/components/payment-method";
import { formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { useRevalidate } from "@/lib/revalidate";

type Props = {
  product: { _id: string; productName: string };
  /** ADVERTISE_PRICE, whole Tk. */
  price: number;
  /** The online methods the shop takes, at least one. */
  methods: PromotionMethod[];
  /** Stripe's publishable key when cards are taken. */
  publishableKey: string | null;
  onClose: () => void;
  /** The card payment's outcome, once the server has it. */
  onDone: (outcome: PromotionOutcome) => void;
};

/** PromotionDialog asks how to pay for advertising product, and pays. */
export function PromotionDialog({ product, price, methods, publishableKey, onClose, onDone }: Props) {
  const { t, locale } = useLanguage();
  const titleId = useId();
  const descId = useId();
  const [method, setMethod] = useState<PromotionMethod>(methods[0] ?? "sslcommerz");
  const start = useStartPromotion();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function payOnline() {
    setProblem(null);
    try {
      const { gatewayUrl } = await start.trigger({ id: product._id, method: "sslcommerz" });
      if (!gatewayUrl) throw new Error(t("The payment service did not answer, please try again"));
      setLeaving(true);
      leaveFor(gatewayUrl);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : t("The payment service did not answer, please try again"));
    }
  }

  const busy = start.isMutating || leaving;
  return (
    <Modal open onClose={() => !busy && onClose()} labelledBy={titleId} describedBy={descId}>
      <h2 id={titleId} className="text-lg font-bold break-words">
        {t("Advertise {name}", { name: product.productName })}
      </h2>
      <p id={descId} className="mt-2 text-sm text-base-content/80">
        {t("Advertising costs {price}. Once the payment is confirmed, {name} is shown under Urgent Sell on the home page.", {
          price: formatTk(price, locale),
          name: product.productName,
        })}
      </p>
      {methods.length > 1 && (
        <fieldset className="mt-4">
          <legend className="mb-1.5 text-sm font-medium">{t("How will you pay?")}</legend>
          <div className="flex flex-col gap-2">
            {methods.map((m) => (
              <label key={m} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2">
                <input type="radio" className="radio radio-primary radio-sm" name={`promotion-method-${product._id}`} value={m} checked={method === m} onChange={() => setMethod(m)} disabled={busy} />
                <span>{methodName(m, t)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {method === "card" && publishableKey ? (
        <CardPromotion productId={product._id} price={price} publishableKey={publishableKey} onDone={onDone} onClose={onClose} />
      ) : (
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-ghost min-h-11 sm:min-h-10" onClick={onClose} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="button" className="btn btn-primary min-h-11 sm:min-h-10" onClick={() => void payOnline()} disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("Pay {price} online", { price: formatTk(price, locale) })}
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-error">
          {problem}
        </p>
      )}
    </Modal>
  );
}

/** waitForOutcome asks the server about the promotion until it is settled (a few tries). */
async function waitForOutcome(productId: string): Promise<PromotionOutcome> {
  for (let i = 0; i < 5; i++) {
    const p = await fetchPromotion(productId).catch(() => null);
    if (p?.status === "paid") return "paid";
    if (p?.status === "refunded" || p?.status === "refund_required") return "refunded";
    await new Promise((r) => setTimeout(r, 1000));
  }
  return "pending";
}

type CardProps = { productId: string; price: number; publishableKey: string; onDone: (o: PromotionOutcome) => void; onClose: () => void };

/** CardPromotion is the card form: Stripe.js confirms the card, then the server is asked what it recorded. */
function CardPromotion({ productId, price, publishableKey, onDone, onClose }: CardProps) {
  const { t, locale } = useLanguage();
  const labelId = useId();
  const start = useStartPromotion();
  const revalidate = useRevalidate(isProductKey);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    import("@stripe/stripe-js/pure")
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then(
        (s) => live && (s ? setStripe(s) : setLoadFailed(true)),
        () => live && setLoadFailed(true),
      );
    return () => {
      live = false;
    };
  }, [publishableKey]);

  async function onPay(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement("card");
    if (!stripe || !card || processing) return;
    setProcessing(true);
    setProblem(null);
    try {
      const { clientSecret } = await start.trigger({ id: productId, method: "card" });
      if (!clientSecret) throw new Error(t("The payment service did not answer, please try again"));
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (error || paymentIntent.status !== "succeeded") {
        setProblem(error?.message ?? t("Your card could not be charged. Please check the details and try again."));
        return;
      }
      const outcome = await waitForOutcome(productId);
      await revalidate();
      onDone(outcome);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : t("Something went wrong. Please try again."));
    } finally {
      setProcessing(false);
    }
  }

  const ready = stripe !== null && elements !== null;
  return (
    <form onSubmit={(e) => void onPay(e)} noValidate className="mt-4 space-y-3" aria-busy={processing}>
      <p id={labelId} className="text-sm font-medium">
        {t("Card details")}
      </p>
      {loadFailed ? (
        <p role="alert" className="text-error">
          {t("The card form could not load. Check your connection and reload the page.")}
        </p>
      ) : (
        <CardField stripe={stripe} labelledBy={labelId} onElements={setElements} onChange={(ev) => setProblem(ev.error?.message ?? null)} />
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-error">
          {problem}
        </p>
      )}
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost min-h-11 sm:min-h-10" onClick={onClose} disabled={processing}>
          {t("Cancel")}
        </button>
        <button type="submit" className="btn btn-primary min-h-11 sm:min-h-10" disabled={!ready || processing} aria-busy={processing}>
          {processing && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Pay {price}", { price: formatTk(price, locale) })}
        </button>
      </div>
    </form>
  );
}

const outcomeClass: Record<PromotionOutcome, string> = {
  paid: "alert-success",
  refunded: "alert-warning",
  failed: "alert-error",
  cancelled: "alert-info",
  pending: "alert-info",
};

/** PromotionOutcomeAlert says what became of a payment to advertise (My Products' ?promotion=). */
export function PromotionOutcomeAlert({ outcome, onClose }: { outcome: PromotionOutcome; onClose: () => void }) {
  const { t } = useLanguage();
  const text: Record<PromotionOutcome, string> = {
    paid: t("Payment received: your laptop is advertised under Urgent Sell."),
    refunded: t("Your payment to advertise came after the laptop could no longer be advertised, so it is refunded to the account you paid from."),
    failed: t("The payment to advertise did not go through. Nothing was taken; you can try again."),
    cancelled: t("You cancelled the payment to advertise. Nothing was taken; you can try again."),
    pending: t("We are still confirming your payment to advertise with the payment service. The laptop shows as Advertised once it is confirmed."),
  };
  return (
    <div role={outcome === "failed" ? "alert" : "status"} className={`alert ${outcomeClass[outcome]} mb-4 items-start`} data-testid="promotion-outcome">
      <span className="min-w-0 flex-auto">{text[outcome]}</span>
      <button type="button" className="btn btn-ghost btn-sm min-h-11 sm:min-h-8" onClick={onClose}>
        {t("Close")}
      </button>
    </div>
  );
}

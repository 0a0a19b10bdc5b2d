// Paying online through SSLCommerz (#34): the button that takes the buyer
// to the gateway's page, and the word My Booking says when the gateway
// sends them back.
import { useState } from "react";
import { outcomeOf, useStartOnlinePayment, type PaymentOutcome } from "@/api/online-payments";
import { useT } from "@/lib/i18n";
import { notify } from "@/lib/toast";

/** goTo sends the browser to the gateway's page. */
let goTo = (url: string) => window.location.assign(url);

/** setGoTo replaces how the browser leaves for the gateway (tests: jsdom cannot navigate). */
export function setGoTo(f: (url: string) => void) {
  goTo = f;
}

/** leaveFor sends the browser to a gateway's page (a seller paying to advertise, #34). */
export function leaveFor(url: string) {
  goTo(url);
}

/**
 * OnlinePayButton starts an SSLCommerz checkout of the booking and sends
 * the browser to the gateway's page, where the buyer picks bKash, Nagad,
 * Rocket or a card. It stays busy until the browser leaves.
 */
export function OnlinePayButton({ bookingId, productName }: { bookingId: string; productName: string }) {
  const t = useT();
  const start = useStartOnlinePayment();
  const [leaving, setLeaving] = useState(false);
  async function pay() {
    try {
      const { gatewayUrl } = await start.trigger(bookingId);
      setLeaving(true);
      goTo(gatewayUrl);
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("The payment service did not answer, please try again"));
    }
  }
  const busy = start.isMutating || leaving;
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm min-h-11 sm:min-h-8"
      onClick={() => void pay()}
      disabled={busy}
      aria-busy={busy}
      aria-label={t("Pay online for {name}", { name: productName })}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {t("Pay online")}
    </button>
  );
}

const outcomeClass: Record<PaymentOutcome, string> = {
  paid: "alert-success",
  refunded: "alert-warning",
  failed: "alert-error",
  cancelled: "alert-info",
  pending: "alert-info",
};

/**
 * PaymentOutcomeAlert says what became of a payment the gateway sent the
 * buyer back from (My Booking's ?payment=), naming the laptop when the
 * booking is known; nothing for any other address.
 */
export function PaymentOutcomeAlert({ payment, productName, onClose }: { payment: string | null; productName?: string; onClose: () => void }) {
  const t = useT();
  const outcome = outcomeOf(payment);
  if (!outcome) return null;
  const name = productName ?? t("your laptop");
  const text: Record<PaymentOutcome, string> = {
    paid: t("Payment received for {name}. Your receipt is in your notifications; the seller hands the laptop over at the meeting.", { name }),
    refunded: t("Your payment for {name} came after the laptop could no longer be yours, so it is refunded to the account you paid from.", { name }),
    failed: t("The payment for {name} did not go through. Nothing was taken; you can try again.", { name }),
    cancelled: t("You cancelled the payment for {name}. You can pay online again, or choose cash at the hand-over.", { name }),
    pending: t("We are still confirming your payment for {name} with the payment service. This page shows it as paid once it is confirmed.", { name }),
  };
  return (
    <div role={outcome === "failed" ? "alert" : "status"} className={`alert ${outcomeClass[outcome]} mb-4 items-start`} data-testid="payment-outcome">
      <span className="min-w-0 flex-auto">{text[outcome]}</span>
      <button type="button" className="btn btn-ghost btn-sm min-h-11 sm:min-h-8" onClick={onClose}>
        {t("Close")}
      </button>
    </div>
  );
}

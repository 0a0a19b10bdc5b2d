// How a booking is paid (#34), in words: cash at the hand-over, card, or
// SSLCommerz (bKash, Nagad, cards). One place for the words, so the booking
// dialog, My Booking and the product page say the same thing.
import type { PaymentMethod } from "@/api/bookings";
import type { Translate } from "@/lib/i18n";

/** methodText is how a booking will be paid, as a short sentence: "Pay at the hand-over: cash". */
export function methodText(m: PaymentMethod, t: Translate): string {
  switch (m) {
    case "card":
      return t("Pay by card");
    case "sslcommerz":
      return t("Pay online: bKash, Nagad or card");
    default:
      return t("Pay at the hand-over: cash");
  }
}

/** sellerPaysText tells a seller how their buyer pays: "The buyer pays in cash at the hand-over". */
export function sellerPaysText(m: PaymentMethod, t: Translate): string {
  switch (m) {
    case "card":
      return t("The buyer pays by card");
    case "sslcommerz":
      return t("The buyer pays online");
    default:
      return t("The buyer pays in cash at the hand-over");
  }
}

/** MethodsLine says which ways to pay the shop offers, for a laptop's page before it is booked. */
export function MethodsLine({ methods, t }: { methods: PaymentMethod[]; t: Translate }) {
  const text = methods.length <= 1 ? t("{sentence}.", { sentence: methodText("cash", t) }) : t("How you can pay: {methods}", { methods: methods.map((m) => methodName(m, t)).join(" · ") });
  return (
    <p className="mt-2 text-sm text-base-content/70" data-testid="payment-methods">
      {text}
    </p>
  );
}

/** methodName is a method's name for a choice: "Cash at the hand-over", "Card", "bKash, Nagad or card". */
export function methodName(m: PaymentMethod, t: Translate): string {
  switch (m) {
    case "card":
      return t("Card");
    case "sslcommerz":
      return t("bKash, Nagad or card");
    default:
      return t("Cash at the hand-over");
  }
}

/** methodHint says what choosing a method means for the buyer. */
function methodHint(m: PaymentMethod, t: Translate): string {
  switch (m) {
    case "card":
      return t("Pay online by card from My Booking before you meet.");
    case "sslcommerz":
      return t("Pay online through SSLCommerz from My Booking before you meet.");
    default:
      return t("Pay the seller when you meet and have checked the laptop; your hand-over code completes the sale.");
  }
}

type MethodChoiceProps = {
  /** The radio group's name and the prefix of its ids. */
  id: string;
  /** The methods offered (GET /api/config's paymentMethods), cash first. */
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  error?: string;
  t: Translate;
};

/**
 * MethodChoice is the booking dialog's "How will you pay?": a radio group
 * of the methods the shop offers, each with what it means; a single
 * method (cash only) is said, not offered as a choice of one.
 */
export function MethodChoice({ id, methods, value, onChange, error, t }: MethodChoiceProps) {
  if (methods.length <= 1) {
    return (
      <p className="rounded-box border border-base-300 bg-base-200/60 p-3 text-sm" data-testid="payment-method">
        <span className="font-semibold">{t("{sentence}.", { sentence: methodText("cash", t) })}</span> {methodHint("cash", t)}
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t("How will you pay?")}</legend>
      {methods.map((m) => (
        <label
          key={m}
          htmlFor={`${id}-${m}`}
          className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${value === m ? "border-primary bg-primary/5" : "border-base-300"}`}
        >
          <input
            id={`${id}-${m}`}
            type="radio"
            name={`${id}-method`}
            value={m}
            className="radio radio-primary radio-sm mt-0.5 shrink-0"
            checked={value === m}
            onChange={() => onChange(m)}
            // named by the method alone; what it means is its description
            aria-labelledby={`${id}-${m}-name`}
            aria-describedby={`${id}-${m}-hint`}
          />
          <span className="min-w-0">
            <span id={`${id}-${m}-name`} className="block font-medium">
              {methodName(m, t)}
            </span>
            <span id={`${id}-${m}-hint`} className="block text-xs text-base-content/70">
              {methodHint(m, t)}
            </span>
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

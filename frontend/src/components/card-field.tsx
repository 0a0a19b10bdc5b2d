import { useEffect, useRef } from "react";
import type { Stripe, StripeCardElementChangeEvent, StripeElements } from "@stripe/stripe-js";

type CardFieldProps = {
  /** A loaded Stripe.js instance; null renders an empty, waiting field. */
  stripe: Stripe | null;
  /** The id of the visible label of the field. */
  labelledBy: string;
  /** Gets the Elements group once the card field is mounted (null when it goes away). */
  onElements: (elements: StripeElements | null) => void;
  /** Every change of the card field, with the provider's error when the input is invalid. */
  onChange?: (event: StripeCardElementChangeEvent) => void;
};

/**
 * Stripe's card Element (number, expiry, CVC) mounted into a daisyUI-looking
 * box. Only type imports from @stripe/stripe-js here: the page that renders
 * it loads Stripe.js, so this stays out of the first-load bundle.
 */
export function CardField({ stripe, labelledBy, onElements, onChange }: CardFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest callbacks, so changing them does not remount the card.
  const callbacks = useRef({ onElements, onChange });
  useEffect(() => {
    callbacks.current = { onElements, onChange };
  });

  useEffect(() => {
    const node = host.current;
    if (!stripe || !node) return;
    const elements = stripe.elements();
    const card = elements.create("card", {
      hidePostalCode: true,
      style: {
        base: {
          fontSize: "16px",
          color: "#1f2937",
          fontFamily: "ui-sans-serif, system-ui, sans-serif",
          "::placeholder": { color: "#9ca3af" },
        },
        invalid: { color: "#dc2626", iconColor: "#dc2626" },
      },
    });
    card.mount(node);
    card.on("change", (event) => callbacks.current.onChange?.(event));
    callbacks.current.onElements(elements);
    return () => {
      callbacks.current.onElements(null);
      card.destroy();
    };
  }, [stripe]);

  return (
    <div
      ref={host}
      role="group"
      aria-labelledby={labelledBy}
      className="min-h-12 rounded-field border border-base-300 bg-base-100 px-3 py-3.5 transition-colors [&.StripeElement--focus]:border-primary [&.StripeElement--focus]:ring-2 [&.StripeElement--focus]:ring-primary/20 [&.StripeElement--invalid]:border-error"
    />
  );
}

// How a listing's price compares with used ones like it, and whether its
// seller takes offers (#39): small badges for the cards, the phone's tiles
// and the product page. Kept tiny: every list loads it.
import type { PriceVerdict } from "@/api/products";
import { useLanguage, type MessageKey } from "@/lib/i18n";

/** A verdict's words. */
export const VERDICT_LABEL: Record<PriceVerdict, MessageKey> = {
  good: "Good price",
  fair: "Fair price",
  high: "High price",
};

/** A verdict's colours: soft ones, which read in the light theme and the dark. */
export const VERDICT_CLASS: Record<PriceVerdict, string> = {
  good: "badge-success",
  fair: "badge-info",
  high: "badge-warning",
};

/** PriceVerdictBadge says Good, Fair or High price; nothing without a verdict. */
export function PriceVerdictBadge({ verdict, className = "badge-sm" }: { verdict: PriceVerdict | null | undefined; className?: string }) {
  const { t } = useLanguage();
  if (!verdict) return null;
  return (
    <span className={`badge badge-soft whitespace-nowrap font-semibold ${VERDICT_CLASS[verdict]} ${className}`} data-verdict={verdict}>
      {t(VERDICT_LABEL[verdict])}
    </span>
  );
}

/** NegotiableChip marks a listing whose seller takes offers; nothing when the price is fixed. */
export function NegotiableChip({ negotiable, className = "badge-sm" }: { negotiable: boolean | undefined; className?: string }) {
  const { t } = useLanguage();
  if (!negotiable) return null;
  return <span className={`badge badge-outline whitespace-nowrap font-medium ${className}`}>{t("Negotiable")}</span>;
}

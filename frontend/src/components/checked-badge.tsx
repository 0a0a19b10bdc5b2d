// The Checked badge (#40): a module of its own, not product-parts, so the
// first page (which loads product-parts for the header's chat icon) does
// not carry it; the cards and the product page load it with themselves.
import { useLanguage } from "@/lib/i18n";

/**
 * CheckedBadge marks a laptop whose hardware resale-check read (#40): on a
 * card beside the price, on its page with the date of the report.
 */
export function CheckedBadge({ date, className = "" }: { date?: string; className?: string }) {
  const { t } = useLanguage();
  return (
    <span className={`badge badge-success badge-soft badge-sm gap-1 font-semibold whitespace-nowrap ${className}`} title={t("Hardware checked with resale-check")}>
      <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="m5 13 4 4L19 7" />
      </svg>
      {date ? t("Checked {date}", { date }) : t("Checked")}
    </span>
  );
}

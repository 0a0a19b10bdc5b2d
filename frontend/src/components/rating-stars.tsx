// A seller's rating as five stars (#20), filled to the average, with the
// words a screen reader says ("4.5 out of 5, 12 reviews"). The product
// card has its own one-star line (product-card.tsx), to keep the first
// page's script small; this one is for the pages that load on their own.
import { localDigits } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";

/** ratingText is what a rating says in words, e.g. "4.5 out of 5, 12 reviews". */
export function ratingText(average: number, count: number, t: Translate, locale: string): string {
  const avg = localDigits(average.toFixed(1), locale);
  return count === 1 ? t("{average} out of 5, 1 review", { average: avg }) : t("{average} out of 5, {count} reviews", { average: avg, count });
}

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z";

/** Five stars, the first `value` of them filled (a half star for a half). */
export function Stars({ value, className = "h-4 w-4" }: { value: number; className?: string }) {
  return (
    <span className="inline-flex text-warning" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <svg key={i} viewBox="0 0 20 20" className={className}>
            <defs>
              <clipPath id={`star-clip-${i}-${Math.round(fill * 10)}`}>
                <rect x="0" y="0" width={20 * fill} height="20" />
              </clipPath>
            </defs>
            <path d={STAR} fill="currentColor" opacity="0.25" />
            {fill > 0 && <path d={STAR} fill="currentColor" clipPath={`url(#star-clip-${i}-${Math.round(fill * 10)})`} />}
          </svg>
        );
      })}
    </span>
  );
}

type RatingStarsProps = {
  average: number;
  count: number;
  /** Show the number and count beside the stars ("4.5 · 12 reviews"). */
  showCount?: boolean;
  className?: string;
};

/**
 * RatingStars shows a rating, or "No reviews yet" without any. The stars
 * and numbers are hidden from screen readers, which read the sentence.
 */
export function RatingStars({ average, count, showCount = true, className = "" }: RatingStarsProps) {
  const { t, locale } = useLanguage();
  if (count === 0) return <span className={`text-sm text-base-content/60 ${className}`}>{t("No reviews yet")}</span>;
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <span className="sr-only">{ratingText(average, count, t, locale)}</span>
      <Stars value={Math.round(average * 2) / 2} />
      {showCount && (
        <span className="text-sm font-medium" aria-hidden="true">
          {localDigits(average.toFixed(1), locale)}{" "}
          <span className="text-base-content/60">({count === 1 ? t("1 review") : t("{count} reviews", { count })})</span>
        </span>
      )}
    </span>
  );
}

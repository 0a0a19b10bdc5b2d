// The price guide's suggestion under the add-product form's price (#39):
// what the laptop costs new, what used ones like it go for, what that
// rests on, and one tap to take the typical price.
import { knowsSomething, tkRange, type PriceGuide } from "@/api/price-guide";
import { formatTk } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";

/** basisText says what a guide's used range rests on; "" when it has none. */
export function basisText(g: PriceGuide, t: Translate): string {
  if (g.typical === null) return "";
  if (g.basis.from === "depreciation" || g.basis.comparables === 0) return t("From the new price and typical wear");
  if (g.basis.sold === 0) return t("From {n} comparable listings", { n: g.basis.comparables });
  return t("From {n} comparable listings, {sold} of them sold", { n: g.basis.comparables, sold: g.basis.sold });
}

/**
 * PriceSuggestion shows what the guide knows, or nothing at all: it never
 * stands between the seller and the form. `onUse` fills the price.
 */
export function PriceSuggestion({ guide, onUse, className = "" }: { guide: PriceGuide | undefined; onUse: (price: number) => void; className?: string }) {
  const { t, locale } = useLanguage();
  if (!knowsSomething(guide)) return null;
  const g = guide;
  const used =
    g.typical !== null && g.low !== null && g.high !== null
      ? t("Used ones like it: {range} (typical {typical})", { range: tkRange(g.low, g.high, locale), typical: formatTk(g.typical, locale) })
      : null;
  const basis = basisText(g, t);
  return (
    <section aria-label={t("Price guide")} className={`flex flex-col gap-2 rounded-field border border-primary/25 bg-primary/5 p-3 text-sm ${className}`} data-price-guide>
      <p className="flex flex-wrap gap-x-1.5">
        {g.newPrice !== null && <span>{t("New in Bangladesh: {price}", { price: formatTk(g.newPrice, locale) })}</span>}
        {g.newPrice !== null && used && <span aria-hidden="true">·</span>}
        {used && <span className="font-medium">{used}</span>}
      </p>
      {(basis || g.typical !== null) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {basis && <p className="text-xs text-base-content/70">{basis}</p>}
          {g.typical !== null && (
            <button type="button" className="btn btn-primary btn-soft btn-sm min-h-11 sm:min-h-0" onClick={() => onUse(g.typical!)}>
              {t("Use {price}", { price: formatTk(g.typical, locale) })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

// Why a listing's price is good, fair or high (#39): one line from the
// price guide, asked about this laptop's title, condition and years of
// use. Loaded only when the visitor taps the verdict on a product page.
import useSWR from "swr";
import { priceGuideKey, tkRange, type PriceGuide } from "@/api/price-guide";
import type { Product } from "@/api/products";
import { formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

/** PriceWhy is the verdict's one-line reason, read out as it arrives. */
export default function PriceWhy({ product: p, id }: { product: Product; id: string }) {
  const { t, locale } = useLanguage();
  const { data: guide, error } = useSWR<PriceGuide, Error>(priceGuideKey({ title: p.productName, condition: p.condition, used: p.used }), {
    revalidateOnFocus: false,
  });
  let text: string;
  if (error) text = t("The price guide could not be reached. Please try again later.");
  else if (!guide) text = t("Checking the price guide…");
  else if (guide.low !== null && guide.high !== null) text = t("Used ones like it go for {range}", { range: tkRange(guide.low, guide.high, locale) });
  else if (guide.newPrice !== null) text = t("New in Bangladesh: {price}", { price: formatTk(guide.newPrice, locale) });
  else text = t("The price guide knows too little about this laptop just now.");
  return (
    <p id={id} role="status" className="text-sm text-base-content/80">
      {text}
    </p>
  );
}

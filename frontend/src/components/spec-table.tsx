import type { ProductSpecs } from "@/api/products";
import { gbText, storageText } from "@/components/product-card";
import { localDigits } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";

/**
 * The laptop's specs as a two-column table on its page, worded for people
 * ("Memory 8 GB", "Warranty 5 months left"): only the ones the seller gave,
 * nothing at all when none.
 */
export function SpecTable({ specs }: { specs: ProductSpecs | undefined }) {
  const { t, locale } = useLanguage();
  const s = specs ?? {};
  const n = (x: number) => localDigits(String(x), locale);
  const rows: [MessageKey, string | undefined][] = [
    ["Processor", s.processor],
    ["Memory", s.ramGb ? gbText(s.ramGb, t) : undefined],
    ["Storage", storageText(s, t)],
    ["Screen", s.screenInches ? t("{n} inches", { n: n(s.screenInches) }) : undefined],
    ["Graphics", s.gpu],
    ["Battery health", s.batteryHealth == null ? undefined : `${n(s.batteryHealth)}%`],
    ["Charger included", s.charger == null ? undefined : t(s.charger ? "Yes" : "No")],
    [
      "Warranty",
      s.warrantyMonths == null
        ? undefined
        : s.warrantyMonths === 0
          ? t("None left")
          : t(s.warrantyMonths === 1 ? "{n} month left" : "{n} months left", { n: s.warrantyMonths }),
    ],
  ];
  const shown = rows.filter((r): r is [MessageKey, string] => Boolean(r[1]));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="product-specs" className="rounded-box bg-base-100 p-5 shadow-sm">
      <h2 id="product-specs" className="mb-2 text-lg font-semibold">
        {t("Specifications")}
      </h2>
      <table className="table">
        <tbody>
          {shown.map(([label, value]) => (
            <tr key={label} className="border-base-300 last:border-0">
              <th scope="row" className="w-2/5 px-0 py-2.5 align-top font-medium text-base-content/70">
                {t(label)}
              </th>
              <td className="py-2.5 pr-0 font-medium break-words">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

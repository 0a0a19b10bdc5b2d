import type { ProductSpecs } from "@/api/products";
import type { SpecCheck } from "@/api/checks";
import { CheckMark } from "@/components/check-report";
import { gbText, storageText } from "@/components/product-parts";
import { localDigits } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";

type Row = [MessageKey, string | undefined, (keyof ProductSpecs)?];

/** The numbers resale-check reads, as the specs hold them. */
const NUMERIC: (keyof ProductSpecs)[] = ["ramGb", "storageGb", "screenInches", "batteryHealth"];

/**
 * The laptop's specs as a two-column table on its page, worded for people
 * ("Memory 8 GB", "Warranty 5 months left"): only the ones the seller gave,
 * nothing at all when none. With a hardware report (#40), a spec it
 * confirms carries a check mark, and one it contradicts is shown as the
 * report read it, with what the listing says beneath.
 */
export function SpecTable({ specs, checks = [] }: { specs: ProductSpecs | undefined; checks?: SpecCheck[] }) {
  const { t, locale } = useLanguage();
  const n = (x: number) => localDigits(String(x), locale);
  const rowsOf = (s: ProductSpecs): Row[] => [
    ["Processor", s.processor, "processor"],
    ["Memory", s.ramGb ? gbText(s.ramGb, t) : undefined, "ramGb"],
    ["Storage", storageText(s, t), "storageGb"],
    ["Screen", s.screenInches ? t("{n} inches", { n: n(s.screenInches) }) : undefined, "screenInches"],
    ["Graphics", s.gpu, "gpu"],
    ["Battery health", s.batteryHealth == null ? undefined : `${n(s.batteryHealth)}%`, "batteryHealth"],
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
  const listed = specs ?? {};
  const read: ProductSpecs = { ...listed };
  for (const c of checks) {
    if (c.status === "contradicts") Object.assign(read, { [c.spec]: NUMERIC.includes(c.spec) ? Number(c.checked) : c.checked });
  }
  const listedRows = rowsOf(listed);
  const rows = rowsOf(read);
  const status = (key?: keyof ProductSpecs) => checks.find((c) => c.spec === key)?.status;
  const shown = rows
    .map((r, i): [MessageKey, string | undefined, (keyof ProductSpecs)?, string?] => [...r, listedRows[i][1]])
    .filter((r): r is [MessageKey, string, (keyof ProductSpecs)?, string?] => Boolean(r[1]));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="product-specs" className="rounded-box bg-base-100 p-5 shadow-sm">
      <h2 id="product-specs" className="mb-2 text-lg font-semibold">
        {t("Specifications")}
      </h2>
      <table className="table">
        <tbody>
          {shown.map(([label, value, key, said]) => (
            <tr key={label} className="border-base-300 last:border-0">
              <th scope="row" className="w-2/5 px-0 py-2.5 align-top font-medium text-base-content/70">
                {t(label)}
              </th>
              <td className="py-2.5 pr-0 font-medium break-words">
                {value}
                {status(key) === "confirms" && <CheckMark label={t("Confirmed by the hardware report")} />}
                {status(key) === "contradicts" && (
                  <span className="block text-xs font-normal text-base-content/70">
                    {t("As the hardware report read it; the listing says {value}", { value: said ?? "—" })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

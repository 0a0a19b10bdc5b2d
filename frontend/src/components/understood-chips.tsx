import type { Understood } from "@/api/products";
import { localDigits } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";

/** A size in GB as people say it: 1000 GB and up in TB. */
function sizeText(gb: number, t: Translate): string {
  return gb >= 1000 ? t("{size} TB", { size: gb / 1000 }) : t("{size} GB", { size: gb });
}

/** What a chip says of a spec the search understood. */
export function understoodText(u: Understood, t: Translate, locale: string): string {
  switch (u.field) {
    case "ramGb":
      return t("{size} GB RAM", { size: Number(u.value) });
    case "cpuGeneration":
      return t("Gen {n}", { n: Number(u.value) });
    case "storage": {
      const [gb, kind] = u.value.split(" ");
      const size = sizeText(Number(gb), t);
      return kind ? `${size} ${kind}` : t("{size} storage", { size });
    }
    case "screenInches":
      return t("{size} inch", { size: localDigits(u.value, locale) });
    default:
      return u.value; // a processor family: "Core i5", "Ryzen 7"
  }
}

/** withoutWords is the search without the words typed for one understood spec. */
export function withoutWords(q: string, text: string): string {
  const at = q.indexOf(text);
  const rest = at < 0 ? q : q.slice(0, at) + " " + q.slice(at + text.length);
  return rest.split(/\s+/).filter(Boolean).join(" ");
}

type UnderstoodChipsProps = {
  q: string;
  understood: Understood[] | undefined;
  /** Searches again with the given words. */
  onSearch: (q: string) => void;
};

/**
 * UnderstoodChips show the specs a search's words were read as (#36): "8gb"
 * is 8 GB RAM, "corei5" Core i5. Removing one searches again without its
 * words.
 */
export function UnderstoodChips({ q, understood, onSearch }: UnderstoodChipsProps) {
  const { t, locale } = useLanguage();
  if (!understood || understood.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-base-content/70">{t("Searching for laptops with:")}</span>
      <ul aria-label={t("Specs understood")} className="flex min-w-0 flex-wrap gap-2">
        {understood.map((u) => {
          const label = understoodText(u, t, locale);
          return (
            <li key={`${u.field}:${u.value}:${u.text}`} className="min-w-0 max-w-full">
              <button
                type="button"
                className="btn btn-xs h-auto min-h-7 max-w-full rounded-full border-primary/40 bg-primary/10 py-1 font-normal"
                aria-label={t("Remove filter: {filter}", { filter: label })}
                onClick={() => onSearch(withoutWords(q, u.text))}
              >
                <span className="min-w-0 break-words text-left">{label}</span>
                <svg viewBox="0 0 24 24" className="h-3.5 w-3.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { useId, useState, type FormEvent } from "react";
import { activeFilterCount, MAX_TEXT, type ProductFilters } from "@/api/product-filters";
import { CONDITIONS, type Condition } from "@/api/products";
import { FormField, fieldDescribedBy } from "@/components/form-field";
import { formatNumber } from "@/lib/format";
import { useLanguage, type MessageKey, type Translate } from "@/lib/i18n";

/** One choice of the Sort by select; the first one is the default ("" value). */
export type SortOption = { value: ProductFilters["sort"]; label: MessageKey };

type FilterBarProps = {
  filters: ProductFilters;
  /** Applies a change at once (the page writes it to the URL). */
  onChange: (patch: Partial<ProductFilters>) => void;
  /** Drops every filter. */
  onClear: () => void;
  sortOptions: SortOption[];
  /** Brand names: when given, a Brand select is shown too. */
  brands?: string[];
};

type Draft = Pick<ProductFilters, "minPrice" | "maxPrice" | "location">;
type DraftErrors = Partial<Record<keyof Draft, string>>;

const CONDITION_LABEL: Record<Condition, MessageKey> = { excellent: "Excellent", good: "Good", fair: "Fair" };

/**
 * useDraft is the text a visitor is typing into a filter, reset whenever
 * the applied value changes under it (Back, Clear filters) without
 * remounting the input, so focus stays where it is.
 */
function useDraft(applied: Draft) {
  const [draft, setDraft] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (applied.minPrice !== seen.minPrice || applied.maxPrice !== seen.maxPrice || applied.location !== seen.location) {
    setSeen(applied);
    setDraft(applied);
  }
  return [draft, setDraft] as const;
}

/** validate checks the typed prices; it answers the errors to show. */
function validate(d: Draft, t: Translate): DraftErrors {
  const errors: DraftErrors = {};
  const whole = /^\d{1,9}$/;
  if (d.minPrice.trim() && !whole.test(d.minPrice.trim())) errors.minPrice = t("Enter a whole number of Tk");
  if (d.maxPrice.trim() && !whole.test(d.maxPrice.trim())) errors.maxPrice = t("Enter a whole number of Tk");
  if (!errors.minPrice && !errors.maxPrice && d.minPrice.trim() && d.maxPrice.trim() && Number(d.maxPrice) < Number(d.minPrice)) {
    errors.maxPrice = t("Must not be below the min price");
  }
  return errors;
}

/**
 * The product list's filters. Selects and the checkbox apply at once; typed
 * prices and the place apply when the visitor leaves the input or presses
 * Enter, never on each keystroke. Below the md width the filters fold
 * behind a Filters button so the list stays on screen.
 */
export function FilterBar({ filters, onChange, onClear, sortOptions, brands }: FilterBarProps) {
  const { t, locale } = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useDraft({ minPrice: filters.minPrice, maxPrice: filters.maxPrice, location: filters.location });
  const [errors, setErrors] = useState<DraftErrors>({});
  const count = activeFilterCount(filters);

  /** commit applies what was typed, if it is valid and changed. */
  function commit() {
    const found = validate(draft, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const next: Draft = {
      minPrice: draft.minPrice.trim() ? String(Number(draft.minPrice.trim())) : "",
      maxPrice: draft.maxPrice.trim() ? String(Number(draft.maxPrice.trim())) : "",
      location: draft.location.trim(),
    };
    if (next.minPrice !== filters.minPrice || next.maxPrice !== filters.maxPrice || next.location !== filters.location) {
      onChange(next);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    commit();
  }

  function clear() {
    setErrors({});
    onClear();
  }

  const text = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
    onBlur: commit,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": fieldDescribedBy(`${id}-${name}`, errors[name]),
  });
  const price = (name: "minPrice" | "maxPrice") => ({
    ...text(name),
    inputMode: "numeric" as const,
    autoComplete: "off",
    placeholder: name === "minPrice" ? "0" : t("Any"),
    className: `input input-sm w-full ${errors[name] ? "input-error" : ""}`,
  });

  return (
    <form aria-label={t("Filters")} noValidate onSubmit={onSubmit} className="rounded-box bg-base-100 p-3 shadow-sm ring-1 ring-base-300/60 sm:p-4">
      <div className="flex flex-wrap items-end gap-3">
        <button
          type="button"
          className="btn btn-sm btn-outline md:hidden"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="M3 5h18l-7 8v6l-4-2v-4L3 5Z" />
          </svg>
          {t("Filters")}
          {count > 0 && (
            <span className="badge badge-primary badge-sm" aria-label={t("{count} active", { count })}>
              {formatNumber(count, locale)}
            </span>
          )}
        </button>

        <div className="min-w-0 flex-1 md:w-44 md:flex-none">
          <FormField id={`${id}-sort`} label={t("Sort by")}>
            <select
              id={`${id}-sort`}
              className="select select-sm w-full"
              value={filters.sort}
              onChange={(e) => onChange({ sort: e.target.value as ProductFilters["sort"] })}
            >
              {sortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          </FormField>
        </div>

        <div id={`${id}-panel`} className={`${open ? "grid" : "hidden"} w-full grid-cols-2 items-end gap-3 md:contents`}>
          {brands && (
            <div className="col-span-2 md:w-36">
              <FormField id={`${id}-category`} label={t("Brand")}>
                <select
                  id={`${id}-category`}
                  className="select select-sm w-full"
                  value={filters.category}
                  onChange={(e) => onChange({ category: e.target.value })}
                >
                  <option value="">{t("All brands")}</option>
                  {brands.map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
          )}
          <div className="md:w-28">
            <FormField id={`${id}-minPrice`} label={t("Min price (Tk)")} error={errors.minPrice}>
              <input {...price("minPrice")} />
            </FormField>
          </div>
          <div className="md:w-28">
            <FormField id={`${id}-maxPrice`} label={t("Max price (Tk)")} error={errors.maxPrice}>
              <input {...price("maxPrice")} />
            </FormField>
          </div>
          <div className="md:w-32">
            <FormField id={`${id}-condition`} label={t("Condition")}>
              <select
                id={`${id}-condition`}
                className="select select-sm w-full"
                value={filters.condition}
                onChange={(e) => onChange({ condition: e.target.value as ProductFilters["condition"] })}
              >
                <option value="">{t("Any")}</option>
                {CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {t(CONDITION_LABEL[c])}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="md:w-40">
            <FormField id={`${id}-location`} label={t("Location")}>
              <input {...text("location")} maxLength={MAX_TEXT} placeholder={t("e.g. Mirpur")} autoComplete="off" className="input input-sm w-full" />
            </FormField>
          </div>
          <label className="col-span-2 flex min-h-8 cursor-pointer items-center gap-2 text-sm font-medium md:col-span-1">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              checked={filters.verified}
              onChange={(e) => onChange({ verified: e.target.checked })}
            />
            {t("Verified sellers only")}
          </label>
          <div className="col-span-2 flex gap-2 md:col-span-1">
            <button type="submit" className="btn btn-sm btn-primary flex-1 md:flex-none">
              {t("Apply")}
            </button>
            <button type="button" className="btn btn-sm btn-ghost flex-1 md:flex-none" onClick={clear} disabled={count === 0}>
              {t("Clear filters")}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}

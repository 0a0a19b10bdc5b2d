import { useCallback, useId, useState, type FormEvent } from "react";
import { byName, findArea, findDistrict, findDivision, placeName, type Division } from "@/api/locations";
import {
  activeFilterCount,
  activeFilters,
  BATTERY_CHOICES,
  MAX_TEXT,
  RAM_CHOICES,
  SCREEN_CHOICES,
  STORAGE_CHOICES,
  nearText,
  withoutFilter,
  type FilterName,
  type ProductFilters,
} from "@/api/product-filters";
import { CONDITIONS, STORAGE_TYPES, type Condition, type Facets } from "@/api/products";
import { FormField, fieldDescribedBy } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { NearMeButton, NearMeProblemAlert, NearMeStatus } from "@/components/near-me";
import { formatNumber, localDigits } from "@/lib/format";
import { useLanguage, type MessageKey, type Translate } from "@/lib/i18n";
import { useNearMe } from "@/lib/near-me";

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
  /** How many products each choice would give; without them no counts are shown. */
  facets?: Facets;
  /** Bangladesh's places, for the division, district and area filters; undefined while they load. */
  divisions?: Division[];
};

type Draft = Pick<ProductFilters, "minPrice" | "maxPrice" | "location" | "processor">;
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
  if (
    applied.minPrice !== seen.minPrice ||
    applied.maxPrice !== seen.maxPrice ||
    applied.location !== seen.location ||
    applied.processor !== seen.processor
  ) {
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

/** A size in GB as people say it: 1024 GB is "1 TB". */
function sizeText(gb: number, t: Translate): string {
  return gb >= 1024 && gb % 1024 === 0 ? t("{n} TB", { n: gb / 1024 }) : t("{n} GB", { n: gb });
}

/** A screen range's text: "Up to 13.3″", "14″–15.6″", "16″ and over". */
function screenText(min: string, max: string, t: Translate, locale: string): string {
  const n = (v: string) => localDigits(v, locale);
  if (min && max) return t("{min}″–{max}″", { min: n(min), max: n(max) });
  if (max) return t("Up to {n}″", { n: n(max) });
  return t("{n}″ and over", { n: n(min) });
}

/** The preset numbers plus the applied one when a shared URL brought another. */
function withApplied(presets: number[], applied: string): number[] {
  return applied && !presets.includes(Number(applied)) ? [...presets, Number(applied)].sort((a, b) => a - b) : presets;
}

type Choice = { value: string; label: string; count?: number };

/**
 * A select whose choices carry their counts ("8 GB (55)"); a choice that
 * would give nothing is disabled unless it is the one applied.
 */
function ChoiceSelect({
  id,
  label,
  value,
  choices,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  disabled?: boolean;
  onChange: (v: string) => void;
}) {
  const { locale } = useLanguage();
  return (
    <FormField id={id} label={label}>
      <select id={id} className="select select-sm w-full" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.count === 0 && c.value !== value}>
            {c.count === undefined ? c.label : `${c.label} (${formatNumber(c.count, locale)})`}
          </option>
        ))}
      </select>
    </FormField>
  );
}

type PlaceFieldsProps = Pick<FilterBarProps, "filters" | "onChange" | "facets" | "divisions"> & { id: string; wide: string };

/**
 * The division, district and area filters (#36). A district can be picked
 * straight away (all 64, by name); its division comes with it. An area
 * needs its district first. A coarser place's counts are shown only while
 * no finer one is chosen: with a district chosen they would count that
 * district alone.
 */
function PlaceFields({ id, wide, filters, onChange, facets, divisions }: PlaceFieldsProps) {
  const { t, lang } = useLanguage();
  const counted = (map: Record<string, number> | undefined, key: string, shown: boolean) => (facets && map && shown ? (map[key] ?? 0) : undefined);
  const choose = (list: { _id: string; name: string; nameBn: string }[], map: Record<string, number> | undefined, shown: boolean): Choice[] =>
    byName(list, lang).map((p) => ({ value: p._id, label: placeName(p, lang), count: counted(map, p._id, shown) }));
  // a place in a shared address before the places load: its choice is kept
  const kept = (value: string, choices: Choice[]) => (value && !choices.some((c) => c.value === value) ? [...choices, { value, label: "…" }] : choices);

  const division = findDivision(divisions, filters.division);
  const districts = division ? division.districts : (divisions ?? []).flatMap((d) => d.districts);
  const district = findDistrict(divisions, filters.district)?.district;
  const divisionChoices = kept(filters.division, choose(divisions ?? [], facets?.division, !filters.district && !filters.area));
  const districtChoices = kept(filters.district, choose(districts, facets?.district, !filters.area));
  const areaChoices = kept(filters.area, choose(district?.areas ?? [], facets?.area, true));
  return (
    <>
      <div>
        <ChoiceSelect
          id={`${id}-division`}
          label={t("Division")}
          value={filters.division}
          onChange={(v) => onChange({ division: v, district: "", area: "" })}
          choices={[{ value: "", label: t("All divisions") }, ...divisionChoices]}
        />
      </div>
      <div>
        <ChoiceSelect
          id={`${id}-district`}
          label={t("District")}
          value={filters.district}
          onChange={(v) => onChange({ district: v, area: "", division: v ? (findDistrict(divisions, v)?.division._id ?? filters.division) : filters.division })}
          choices={[{ value: "", label: t("All districts") }, ...districtChoices]}
        />
      </div>
      <div className={wide}>
        <ChoiceSelect
          id={`${id}-area`}
          label={t("Area")}
          value={filters.area}
          disabled={!filters.district}
          onChange={(area) => onChange({ area })}
          choices={[{ value: "", label: filters.district ? t("All areas") : t("Choose a district first") }, ...areaChoices]}
        />
      </div>
    </>
  );
}

/** The filters a box turns on or off: only listings that are so. */
type OnlyFilter = "verified" | "negotiable" | "checked";

function onlyPatch(name: OnlyFilter, on: boolean): Partial<ProductFilters> {
  const patch: Partial<ProductFilters> = {};
  patch[name] = on;
  return patch;
}

type FieldsProps = Omit<FilterBarProps, "sortOptions"> & {
  /** Laid out in the phone's sheet (two columns, Show results) rather than the desktop row. */
  inSheet?: boolean;
  /** Called once the sheet's Show results applied what was typed. */
  onDone?: () => void;
  className?: string;
};

/**
 * Every filter but the order. Selects and the checkbox apply at once; typed
 * prices, the place and the processor apply when the visitor leaves the
 * input or presses Enter, never on each keystroke.
 */
function FilterFields({ filters, onChange, onClear, brands, facets, divisions, inSheet, onDone, className = "" }: FieldsProps) {
  const { t, locale } = useLanguage();
  const id = useId();
  const [draft, setDraft] = useDraft({ minPrice: filters.minPrice, maxPrice: filters.maxPrice, location: filters.location, processor: filters.processor });
  const [errors, setErrors] = useState<DraftErrors>({});
  const count = activeFilterCount(filters);

  /** commit applies what was typed, if it is valid and changed; false when it is not valid. */
  function commit(): boolean {
    const found = validate(draft, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    const next: Draft = {
      minPrice: draft.minPrice.trim() ? String(Number(draft.minPrice.trim())) : "",
      maxPrice: draft.maxPrice.trim() ? String(Number(draft.maxPrice.trim())) : "",
      location: draft.location.trim(),
      processor: draft.processor.trim().replace(/\s+/g, " "),
    };
    if ((Object.keys(next) as (keyof Draft)[]).some((k) => next[k] !== filters[k])) onChange(next);
    return true;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (commit()) onDone?.();
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
    onBlur: () => void commit(),
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

  const any: Choice = { value: "", label: t("Any") };
  const counted = (n: number | undefined) => (facets ? (n ?? 0) : undefined);
  const ramCount = (min: number) => counted(Object.entries(facets?.ramGb ?? {}).reduce((sum, [gb, n]) => (Number(gb) >= min ? sum + n : sum), 0));
  const screenValue = filters.screenMin || filters.screenMax ? `${filters.screenMin}-${filters.screenMax}` : "";
  const screens = SCREEN_CHOICES.some(([min, max]) => `${min}-${max}` === screenValue) || !screenValue ? SCREEN_CHOICES : [...SCREEN_CHOICES, [filters.screenMin, filters.screenMax] as [string, string]];
  // in the sheet two columns; on a desktop the parent's grid places each cell
  const wide = inSheet ? "col-span-2" : "";

  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      {brands && (
        <div className={wide}>
          <ChoiceSelect
            id={`${id}-category`}
            label={t("Brand")}
            value={filters.category}
            onChange={(category) => onChange({ category })}
            choices={[{ value: "", label: t("All brands") }, ...brands.map((b) => ({ value: b, label: b, count: counted(facets?.category[b]) }))]}
          />
        </div>
      )}
      <div>
        <FormField id={`${id}-minPrice`} label={t("Min price (Tk)")} error={errors.minPrice}>
          <input {...price("minPrice")} />
        </FormField>
      </div>
      <div>
        <FormField id={`${id}-maxPrice`} label={t("Max price (Tk)")} error={errors.maxPrice}>
          <input {...price("maxPrice")} />
        </FormField>
      </div>
      <div>
        <ChoiceSelect
          id={`${id}-condition`}
          label={t("Condition")}
          value={filters.condition}
          onChange={(v) => onChange({ condition: v as ProductFilters["condition"] })}
          choices={[any, ...CONDITIONS.map((c) => ({ value: c, label: t(CONDITION_LABEL[c]), count: counted(facets?.condition[c]) }))]}
        />
      </div>
      <div>
        <FormField id={`${id}-location`} label={t("Location")}>
          <input {...text("location")} maxLength={MAX_TEXT} placeholder={t("e.g. Mirpur")} autoComplete="off" className="input input-sm w-full" />
        </FormField>
      </div>
      <PlaceFields id={id} wide={wide} filters={filters} onChange={onChange} facets={facets} divisions={divisions} />
      <div>
        <ChoiceSelect
          id={`${id}-ramMin`}
          label={t("RAM at least")}
          value={filters.ramMin}
          onChange={(ramMin) => onChange({ ramMin })}
          choices={[any, ...withApplied(RAM_CHOICES, filters.ramMin).map((gb) => ({ value: String(gb), label: sizeText(gb, t), count: ramCount(gb) }))]}
        />
      </div>
      <div>
        <ChoiceSelect
          id={`${id}-storageMin`}
          label={t("Storage at least")}
          value={filters.storageMin}
          onChange={(storageMin) => onChange({ storageMin })}
          choices={[any, ...withApplied(STORAGE_CHOICES, filters.storageMin).map((gb) => ({ value: String(gb), label: sizeText(gb, t) }))]}
        />
      </div>
      <div>
        <ChoiceSelect
          id={`${id}-storageType`}
          label={t("Storage type")}
          value={filters.storageType}
          onChange={(v) => onChange({ storageType: v as ProductFilters["storageType"] })}
          choices={[any, ...STORAGE_TYPES.map((s) => ({ value: s, label: s, count: counted(facets?.storageType[s]) }))]}
        />
      </div>
      <div>
        <ChoiceSelect
          id={`${id}-batteryMin`}
          label={t("Battery at least")}
          value={filters.batteryMin}
          onChange={(batteryMin) => onChange({ batteryMin })}
          choices={[any, ...withApplied(BATTERY_CHOICES, filters.batteryMin).map((p) => ({ value: String(p), label: t("{n}%", { n: p }) }))]}
        />
      </div>
      <div>
        <ChoiceSelect
          id={`${id}-screen`}
          label={t("Screen size")}
          value={screenValue}
          onChange={(v) => {
            const [screenMin = "", screenMax = ""] = v.split("-");
            onChange({ screenMin, screenMax });
          }}
          choices={[any, ...screens.map(([min, max]) => ({ value: `${min}-${max}`, label: screenText(min, max, t, locale) }))]}
        />
      </div>
      <div className={wide}>
        <FormField id={`${id}-processor`} label={t("Processor")}>
          <div className="join w-full">
            <input
              {...text("processor")}
              type="search"
              maxLength={MAX_TEXT}
              placeholder={t("e.g. i5")}
              autoComplete="off"
              className="input input-sm join-item w-full min-w-0"
            />
            <button type="submit" className="btn btn-sm join-item btn-square" aria-label={t("Filter by processor")}>
              <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" d="m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Z" />
              </svg>
            </button>
          </div>
        </FormField>
      </div>
      {(
        [
          ["verified", t("Verified sellers only")],
          ["negotiable", t("Negotiable only")],
          ["checked", t("Checked only")],
        ] as const
      ).map(([name, label]) => (
        <label key={name} className={`flex min-h-8 cursor-pointer items-center gap-2 self-end text-sm font-medium ${wide}`}>
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary"
            checked={filters[name]}
            onChange={(e) => onChange(onlyPatch(name, e.target.checked))}
          />
          {label}
        </label>
      ))}
      <div
        className={
          inSheet
            ? "sticky -bottom-6 col-span-2 -mx-6 -mb-6 flex gap-2 border-t border-base-300 bg-base-100 px-6 py-3"
            : "col-span-2 flex gap-2 self-end"
        }
      >
        <button type="button" className="btn btn-sm btn-ghost flex-1" onClick={clear} disabled={count === 0}>
          {t("Clear filters")}
        </button>
        <button type="submit" className="btn btn-sm btn-primary flex-1">
          {inSheet ? t("Show results") : t("Apply")}
        </button>
      </div>
    </form>
  );
}

/**
 * The product list's filters. On a desktop they are a grid of compact
 * controls above the list; below the md width only the order and a Filters
 * button (with how many are on) show, and the filters open in a sheet from
 * the bottom, so the list stays on screen.
 */
export function FilterBar({ sortOptions, ...props }: FilterBarProps) {
  const { filters, onChange } = props;
  const { t, locale } = useLanguage();
  const id = useId();
  const [sheet, setSheet] = useState(false);
  const count = activeFilterCount(filters);
  const nearOn = filters.sort === "distance" && filters.near !== "";
  const near = useNearMe(useCallback((lat: number, lon: number) => onChange({ near: nearText(lat, lon), sort: "distance" }), [onChange]));
  const usualOrder = () => onChange({ near: "", sort: "" });
  const sorts: SortOption[] = nearOn ? [...sortOptions, { value: "distance", label: "Nearest first" }] : sortOptions;

  return (
    // on a phone (#37) no box and no visible "Sort by" (the choice names the order): one row, the results close under it
    <section aria-label={t("Filters")} className="rounded-box md:bg-base-100 md:p-4 md:shadow-sm md:ring-1 md:ring-base-300/60">
      <div className="flex flex-wrap items-end gap-3 md:grid md:grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))]">
        <button type="button" className="btn btn-sm btn-outline md:hidden" aria-haspopup="dialog" onClick={() => setSheet(true)}>
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
        <div className="min-w-0 flex-1 max-md:[&_label]:sr-only">
          <FormField id={`${id}-sort`} label={t("Sort by")}>
            <select
              id={`${id}-sort`}
              className="select select-sm w-full"
              value={filters.sort}
              onChange={(e) => {
                const sort = e.target.value as ProductFilters["sort"];
                onChange(sort === "distance" ? { sort } : { sort, near: "" });
              }}
            >
              {sorts.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        {/* on a phone the pin alone, beside Filters and the order; titled so a long press or a hover names it */}
        <NearMeButton on={nearOn} asking={near.asking} onToggle={nearOn ? usualOrder : near.locate} className="shrink-0 md:self-end" />
        <FilterFields {...props} className="hidden md:contents" />
      </div>
      {near.problem && !nearOn && <NearMeProblemAlert problem={near.problem} onDismiss={near.dismiss} />}
      {nearOn && <NearMeStatus onOff={usualOrder} />}
      <Modal open={sheet} onClose={() => setSheet(false)} labelledBy={`${id}-sheet-title`}>
        {/* the heading takes the focus, not the first input: a phone would open its keyboard */}
        <h2 id={`${id}-sheet-title`} tabIndex={-1} data-autofocus className="mb-4 text-lg font-bold outline-none">
          {t("Filters")}
        </h2>
        {/* only while open: closed, its fields would stand beside the desktop's in the page, with the same labels */}
        {sheet && <FilterFields {...props} inSheet onDone={() => setSheet(false)} className="grid grid-cols-2 items-end gap-3" />}
      </Modal>
    </section>
  );
}

/** The text of an applied filter's chip, e.g. "RAM at least: 8 GB". */
function chipText(name: FilterName, f: ProductFilters, t: Translate, locale: string, place: (name: "division" | "district" | "area") => string): string {
  const is = (label: MessageKey, value: string) => `${t(label)}: ${value}`;
  switch (name) {
    case "category":
      return is("Brand", f.category);
    case "minPrice":
      return is("Min price (Tk)", formatNumber(Number(f.minPrice), locale));
    case "maxPrice":
      return is("Max price (Tk)", formatNumber(Number(f.maxPrice), locale));
    case "condition":
      return is("Condition", f.condition ? t(CONDITION_LABEL[f.condition]) : "");
    case "location":
      return is("Location", f.location);
    case "verified":
      return t("Verified sellers only");
    case "negotiable":
      return t("Negotiable only");
    case "checked":
      return t("Checked only");
    case "ramMin":
      return is("RAM at least", sizeText(Number(f.ramMin), t));
    case "storageMin":
      return is("Storage at least", sizeText(Number(f.storageMin), t));
    case "storageType":
      return is("Storage type", f.storageType);
    case "batteryMin":
      return is("Battery at least", t("{n}%", { n: Number(f.batteryMin) }));
    case "screen":
      return is("Screen size", screenText(f.screenMin, f.screenMax, t, locale));
    case "processor":
      return is("Processor", f.processor);
    case "seller":
      return t("One seller's listings");
    case "division":
      return is("Division", place("division"));
    case "district":
      return is("District", place("district"));
    case "area":
      return is("Area", place("area"));
  }
}

/** The applied filters as chips above the results, each taking itself off, and Clear all. */
export function ActiveFilterChips({ filters, onChange, onClear, divisions }: Pick<FilterBarProps, "filters" | "onChange" | "onClear" | "divisions">) {
  const { t, locale, lang } = useLanguage();
  const on = activeFilters(filters);
  // a place's name by language; "…" until the places load
  const place = (name: "division" | "district" | "area") => {
    const found =
      name === "division"
        ? findDivision(divisions, filters.division)
        : name === "district"
          ? findDistrict(divisions, filters.district)?.district
          : findArea(divisions, filters.area)?.area;
    return found ? placeName(found, lang) : "…";
  };
  if (on.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <ul aria-label={t("Active filters")} className="flex min-w-0 flex-wrap gap-2">
        {on.map((name) => {
          const label = chipText(name, filters, t, locale, place);
          return (
            <li key={name} className="min-w-0 max-w-full">
              <button
                type="button"
                className="btn btn-xs h-auto min-h-7 max-w-full rounded-full border-base-300 bg-base-100 py-1 font-normal"
                aria-label={t("Remove filter: {filter}", { filter: label })}
                onClick={() => onChange(withoutFilter(name))}
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
      <button type="button" className="btn btn-link btn-xs px-1" onClick={onClear}>
        {t("Clear all")}
      </button>
    </div>
  );
}

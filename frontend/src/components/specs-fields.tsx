import type { ReactNode } from "react";
import type { ProductSpecs } from "@/api/products";
import type { ParsedSpecs } from "@/api/specs";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { localDigits } from "@/lib/format";
import { useLanguage, type MessageKey, type Translate } from "@/lib/i18n";

/** A spec's key as the API names it (the 400's field is `specs.<key>`). */
export type SpecKey = keyof ProductSpecs;
export type SpecErrors = Partial<Record<SpecKey, string>>;

export const STORAGE_TYPES = ["SSD", "HDD", "eMMC"] as const;
type StorageType = (typeof STORAGE_TYPES)[number];

/** The common sizes offered as choices; anything else is "Other". */
export const RAM_CHOICES = [4, 8, 12, 16, 24, 32, 64];
export const STORAGE_CHOICES = [128, 256, 512, 1024, 2048];
export const SCREEN_CHOICES = [11.6, 13.3, 14, 15.6, 16, 17.3];

/** Processors sellers often have, offered as suggestions (any text is fine). */
export const PROCESSORS: string[] = [
  ...[3, 5, 7, 9].flatMap((i) => [4, 5, 6, 7, 8, 10, 11, 12, 13].map((g) => `Core i${i} ${g}th Gen`)),
  "Core Ultra 5",
  "Core Ultra 7",
  "Ryzen 3",
  "Ryzen 5",
  "Ryzen 7",
  "Ryzen 9",
  "Apple M1",
  "Apple M1 Pro",
  "Apple M2",
  "Apple M2 Pro",
  "Apple M3",
  "Apple M3 Pro",
  "Celeron",
  "Pentium",
];

/** The form's text of each spec; a choice's `...Other` is true while its own number is typed. */
export type SpecsValues = {
  processor: string;
  ramGb: string;
  ramOther: boolean;
  storageGb: string;
  storageOther: boolean;
  storageType: StorageType | "";
  screenInches: string;
  screenOther: boolean;
  gpu: string;
  batteryHealth: string;
  charger: "" | "yes" | "no";
  warrantyMonths: string;
};

/** Every spec's label, by key: also turns a server problem ("must be ...") into a sentence. */
export const SPEC_LABELS: Record<SpecKey, MessageKey> = {
  processor: "Processor (CPU)",
  ramGb: "RAM (GB)",
  storageGb: "Storage (GB)",
  storageType: "Storage type",
  screenInches: "Screen size (inches)",
  gpu: "Graphics (GPU)",
  batteryHealth: "Battery health (%)",
  charger: "Charger included",
  warrantyMonths: "Warranty left (months)",
};

const ID: Record<SpecKey, string> = {
  processor: "spec-processor",
  ramGb: "spec-ram",
  storageGb: "spec-storage",
  storageType: "spec-storage-type",
  screenInches: "spec-screen",
  gpu: "spec-gpu",
  batteryHealth: "spec-battery",
  charger: "spec-charger",
  warrantyMonths: "spec-warranty",
};

const text = (n: number | undefined) => (n === undefined ? "" : String(n));
const isChoice = (choices: number[], n: number | undefined) => n === undefined || choices.includes(n);

/** specsValues turns a listing's specs into the form's texts (Edit). */
export function specsValues(s: ProductSpecs = {}): SpecsValues {
  return {
    processor: s.processor ?? "",
    ramGb: text(s.ramGb),
    ramOther: !isChoice(RAM_CHOICES, s.ramGb),
    storageGb: text(s.storageGb),
    storageOther: !isChoice(STORAGE_CHOICES, s.storageGb),
    storageType: s.storageType ?? "",
    screenInches: text(s.screenInches),
    screenOther: !isChoice(SCREEN_CHOICES, s.screenInches),
    gpu: s.gpu ?? "",
    batteryHealth: text(s.batteryHealth),
    charger: s.charger === undefined ? "" : s.charger ? "yes" : "no",
    warrantyMonths: text(s.warrantyMonths),
  };
}

export const EMPTY_SPECS: SpecsValues = specsValues();

const whole = (s: string, min: number, max: number) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max;

/** validateSpecs mirrors the API's ranges; an empty field is fine (every spec is optional). */
export function validateSpecs(v: SpecsValues, t: Translate): SpecErrors {
  const e: SpecErrors = {};
  const s = (k: "processor" | "ramGb" | "storageGb" | "screenInches" | "gpu" | "batteryHealth" | "warrantyMonths") => v[k].trim();
  if (s("processor").length > 100) e.processor = t("Use at most 100 characters");
  if (s("gpu").length > 100) e.gpu = t("Use at most 100 characters");
  if (s("ramGb") && !whole(s("ramGb"), 1, 128)) e.ramGb = t("Enter whole GB from 1 to 128");
  if (s("storageGb") && !whole(s("storageGb"), 16, 8192)) e.storageGb = t("Enter whole GB from 16 to 8192");
  const screen = s("screenInches");
  if (screen && !(/^\d{1,2}(\.\d)?$/.test(screen) && Number(screen) >= 10 && Number(screen) <= 18.4)) {
    e.screenInches = t("Enter inches from 10 to 18.4, one decimal at most, e.g. 15.6");
  }
  if (s("batteryHealth") && !whole(s("batteryHealth"), 0, 100)) e.batteryHealth = t("Enter a whole percent from 0 to 100");
  if (s("warrantyMonths") && !whole(s("warrantyMonths"), 0, 36)) e.warrantyMonths = t("Enter whole months from 0 to 36");
  return e;
}

/** specsBody is the API's specs: only the filled ones, numbers as numbers (run validateSpecs first). */
export function specsBody(v: SpecsValues): ProductSpecs {
  const out: ProductSpecs = {};
  const num = (s: string) => (s.trim() === "" ? undefined : Number(s.trim()));
  if (v.processor.trim()) out.processor = v.processor.trim();
  const ram = num(v.ramGb);
  if (ram !== undefined) out.ramGb = ram;
  const storage = num(v.storageGb);
  if (storage !== undefined) out.storageGb = storage;
  if (v.storageType) out.storageType = v.storageType;
  const screen = num(v.screenInches);
  if (screen !== undefined) out.screenInches = screen;
  if (v.gpu.trim()) out.gpu = v.gpu.trim();
  const battery = num(v.batteryHealth);
  if (battery !== undefined) out.batteryHealth = battery;
  if (v.charger) out.charger = v.charger === "yes";
  const warranty = num(v.warrantyMonths);
  if (warranty !== undefined) out.warrantyMonths = warranty;
  return out;
}

/** True when any spec is filled (Edit opens the section then). */
export function hasSpecs(v: SpecsValues): boolean {
  return Object.keys(specsBody(v)).length > 0;
}

type SpecsFieldsProps = {
  values: SpecsValues;
  errors: SpecErrors;
  onChange: (next: SpecsValues) => void;
};

/**
 * SpecsFields are the laptop's optional specs: text with suggestions for
 * the processor, common sizes as choices with "Other" (a number of one's
 * own) for RAM, storage and screen, and plain numbers for the rest. Two
 * columns, even on a phone, for the short ones.
 */
export function SpecsFields({ values, errors, onChange }: SpecsFieldsProps) {
  const { t, locale } = useLanguage();
  const set = (p: Partial<SpecsValues>) => onChange({ ...values, ...p });
  const label = (k: SpecKey) => t(SPEC_LABELS[k]);
  const control = (k: SpecKey) => ({
    id: ID[k],
    "aria-invalid": errors[k] ? true : undefined,
    "aria-describedby": fieldDescribedBy(ID[k], errors[k]),
  });
  const gb = (n: number) => (n >= 1024 ? t("{size} TB", { size: n / 1024 }) : t("{size} GB", { size: n }));
  const inches = (n: number) => t("{size} inch", { size: localDigits(String(n), locale) });

  /** A choice of sizes with "Other", which shows a number input of its own. */
  function choice(k: "ramGb" | "storageGb" | "screenInches", other: "ramOther" | "storageOther" | "screenOther", choices: number[], name: (n: number) => string, otherLabel: string, step: string, span = "") {
    const v = values[k];
    const picked = values[other] ? "other" : v;
    return (
      <div className={span}>
        <FormField id={ID[k]} label={label(k)} error={errors[k]}>
          <select
            {...(values[other] ? { id: ID[k] } : control(k))}
            className={`select w-full ${errors[k] && !values[other] ? "select-error" : ""}`}
            value={picked}
            onChange={(e) => (e.target.value === "other" ? set({ [other]: true, [k]: "" }) : set({ [other]: false, [k]: e.target.value }))}
          >
            <option value="">{t("Not said")}</option>
            {choices.map((c) => (
              <option key={c} value={String(c)}>
                {name(c)}
              </option>
            ))}
            <option value="other">{t("Other…")}</option>
          </select>
          {values[other] && (
            <input
              {...control(k)}
              id={`${ID[k]}-other`}
              type="number"
              inputMode={step === "1" ? "numeric" : "decimal"}
              step={step}
              aria-label={otherLabel}
              placeholder={otherLabel}
              className={`input w-full ${errors[k] ? "input-error" : ""}`}
              value={v}
              onChange={(e) => set({ [k]: e.target.value })}
            />
          )}
        </FormField>
      </div>
    );
  }

  function numberField(k: "batteryHealth" | "warrantyMonths", min: number, max: number, placeholder: string, unit: ReactNode) {
    return (
      <FormField id={ID[k]} label={label(k)} error={errors[k]}>
        <label className={`input w-full ${errors[k] ? "input-error" : ""}`}>
          <input
            {...control(k)}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            placeholder={placeholder}
            value={values[k]}
            onChange={(e) => set({ [k]: e.target.value })}
          />
          <span className="text-sm text-base-content/60" aria-hidden="true">
            {unit}
          </span>
        </label>
      </FormField>
    );
  }

  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
      <div className="col-span-2 sm:col-span-1">
        <FormField id={ID.processor} label={label("processor")} error={errors.processor}>
          <input
            {...control("processor")}
            type="text"
            list="spec-processors"
            maxLength={100}
            autoComplete="off"
            placeholder={t("e.g. Core i5 11th Gen")}
            className={`input w-full ${errors.processor ? "input-error" : ""}`}
            value={values.processor}
            onChange={(e) => set({ processor: e.target.value })}
          />
          <datalist id="spec-processors">
            {PROCESSORS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </FormField>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <FormField id={ID.gpu} label={label("gpu")} error={errors.gpu}>
          <input
            {...control("gpu")}
            type="text"
            maxLength={100}
            placeholder={t("e.g. Intel Iris Xe")}
            className={`input w-full ${errors.gpu ? "input-error" : ""}`}
            value={values.gpu}
            onChange={(e) => set({ gpu: e.target.value })}
          />
        </FormField>
      </div>
      {choice("ramGb", "ramOther", RAM_CHOICES, gb, t("RAM in GB"), "1")}
      {choice("storageGb", "storageOther", STORAGE_CHOICES, gb, t("Storage in GB"), "1")}
      <FormField id={ID.storageType} label={label("storageType")} error={errors.storageType}>
        <select
          {...control("storageType")}
          className={`select w-full ${errors.storageType ? "select-error" : ""}`}
          value={values.storageType}
          onChange={(e) => set({ storageType: e.target.value as StorageType | "" })}
        >
          <option value="">{t("Not said")}</option>
          {STORAGE_TYPES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </FormField>
      {choice("screenInches", "screenOther", SCREEN_CHOICES, inches, t("Screen size in inches"), "0.1")}
      {numberField("batteryHealth", 0, 100, t("e.g. 85"), "%")}
      {numberField("warrantyMonths", 0, 36, "0–36", t("months"))}
      <div className="col-span-2 sm:col-span-1">
        <FormField id={ID.charger} label={label("charger")} error={errors.charger}>
          <select
            {...control("charger")}
            className={`select w-full ${errors.charger ? "select-error" : ""}`}
            value={values.charger}
            onChange={(e) => set({ charger: e.target.value as SpecsValues["charger"] })}
          >
            <option value="">{t("Not said")}</option>
            <option value="yes">{t("Yes, with its charger")}</option>
            <option value="no">{t("No charger")}</option>
          </select>
        </FormField>
      </div>
    </div>
  );
}

/** The specs a title can fill (API.md's names, as the form keeps them). */
export const TITLE_SPECS = ["processor", "ramGb", "storageGb", "storageType", "screenInches", "gpu"] as const;
export type TitleSpec = (typeof TITLE_SPECS)[number];

/** A size the title gives in TB (1000 GB each) as the form's choice offers it (1024). */
const storageChoice = (gb: number) => (gb % 1000 === 0 && STORAGE_CHOICES.includes((gb / 1000) * 1024) ? (gb / 1000) * 1024 : gb);

/** The form's texts of what a title names, field by field. */
function titleTexts(p: ParsedSpecs): Partial<SpecsValues> {
  const storage = p.storageGb === undefined ? undefined : storageChoice(p.storageGb);
  return {
    ...(p.processor ? { processor: p.processor } : {}),
    ...(p.ramGb ? { ramGb: String(p.ramGb), ramOther: !RAM_CHOICES.includes(p.ramGb) } : {}),
    ...(storage ? { storageGb: String(storage), storageOther: !STORAGE_CHOICES.includes(storage) } : {}),
    ...(p.storageType ? { storageType: p.storageType } : {}),
    ...(p.screenInches ? { screenInches: String(p.screenInches), screenOther: !SCREEN_CHOICES.includes(p.screenInches) } : {}),
    ...(p.gpu ? { gpu: p.gpu } : {}),
  };
}

const OTHER: Partial<Record<TitleSpec, "ramOther" | "storageOther" | "screenOther">> = { ramGb: "ramOther", storageGb: "storageOther", screenInches: "screenOther" };

/**
 * fillFromTitle fills the specs a title names into `v`, but only the
 * empty ones and the ones filled from the title before (`fromTitle`): what
 * the seller set by hand is never overwritten. A field filled from an
 * earlier title that the title no longer names is emptied again.
 */
export function fillFromTitle(v: SpecsValues, parsed: ParsedSpecs, fromTitle: readonly TitleSpec[]): { values: SpecsValues; filled: TitleSpec[] } {
  const texts = titleTexts(parsed);
  const next: SpecsValues = { ...v };
  const filled: TitleSpec[] = [];
  for (const k of TITLE_SPECS) {
    const mine = fromTitle.includes(k);
    if (!mine && v[k] !== "") continue;
    const other = OTHER[k];
    if (texts[k] !== undefined) {
      Object.assign(next, { [k]: texts[k] }, other ? { [other]: texts[other] } : {});
      filled.push(k);
    } else if (mine) {
      Object.assign(next, { [k]: "" }, other ? { [other]: false } : {});
    }
  }
  return { values: next, filled };
}

/** emptySpecs empties the given specs (undoing a fill from the title). */
export function emptySpecs(v: SpecsValues, keys: readonly TitleSpec[]): SpecsValues {
  const next: SpecsValues = { ...v };
  for (const k of keys) {
    const other = OTHER[k];
    Object.assign(next, { [k]: "" }, other ? { [other]: false } : {});
  }
  return next;
}

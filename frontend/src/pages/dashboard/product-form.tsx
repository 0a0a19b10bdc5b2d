// The listing form of Add Product and Edit: the same fields, checks and
// error mapping; each page sends what it sends (POST everything, PATCH what
// changed) through `send`.
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { Category } from "@/api/categories";
import { areaText, findArea, useLocations, type AreaPath, type ProductArea } from "@/api/locations";
import { MAX_PHOTOS, usePhotoUploads } from "@/api/photo-uploads";
import { GUIDE_DELAY_MS, usePriceGuide } from "@/api/price-guide";
import { CONDITIONS, type Condition, type NewProduct, type Product, type ProductSpecs } from "@/api/products";
import { AreaPicker, NO_AREA, type AreaChoice } from "@/components/area-picker";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { photoProblem } from "@/components/photo-field";
import { PhotosField } from "@/components/photos-field";
import { PriceSuggestion } from "@/components/price-suggestion";
import { useParsedSpecs, type ParsedSpecs } from "@/api/specs";
import { EMPTY_SPECS, emptySpecs, fillFromTitle, hasSpecs, SPEC_LABELS, SpecsFields, specsBody, specsValues, TITLE_SPECS, validateSpecs, type SpecErrors, type SpecKey, type SpecsValues, type TitleSpec } from "@/components/specs-fields";
import { ApiError } from "@/lib/api";
import { useLanguage, type Lang, type MessageKey, type Translate } from "@/lib/i18n";
import { isPhone, normalizePhone } from "@/lib/phone";

/** The form's fields, named as in the POST /api/products body (photos: the photo grid). */
type Field = "productName" | "photos" | "sellPrice" | "orginalPrice" | "category" | "condition" | "number" | "used" | "location" | "areaId" | "description";
type Errors = Partial<Record<Field, string>> & { specs?: SpecErrors };

/** What the seller typed, as typed. */
export type ProductValues = {
  productName: string;
  sellPrice: string;
  orginalPrice: string;
  category: string;
  condition: Condition | "";
  number: string;
  used: string;
  location: string;
  /** The division › district › area picked (#36); the area is what is sent. */
  place: AreaChoice;
  description: string;
  specs: SpecsValues;
  /** The seller takes offers (#39). */
  negotiable: boolean;
};

/** An empty form. */
export const EMPTY_PRODUCT: ProductValues = {
  productName: "",
  sellPrice: "",
  orginalPrice: "",
  category: "",
  condition: "",
  number: "",
  used: "",
  location: "",
  place: NO_AREA,
  description: "",
  specs: EMPTY_SPECS,
  negotiable: false,
};

/** areaChoice is a product's area as the picker holds it. */
export function areaChoice(a: ProductArea | null | undefined): AreaChoice {
  return a ? { division: a.division._id, district: a.district._id, area: a._id } : NO_AREA;
}

/** The place in words for the free-text Location: "Mirpur, Dhaka" in the language shown. */
const placeWords = (p: AreaPath, lang: Lang) => areaText({ ...p.area, district: p.district, division: p.division }, lang);

/** A listing as the API answers it, photos and specs included (the contract of #18). */
export type EditableProduct = Product & { photos?: string[]; specs?: ProductSpecs };

/** productValues fills the form from a listing (Edit). */
export function productValues(p: EditableProduct): ProductValues {
  return {
    productName: p.productName,
    sellPrice: String(p.sellPrice),
    orginalPrice: String(p.orginalPrice),
    category: p.category,
    condition: p.condition,
    number: p.number,
    used: p.used,
    location: p.location,
    place: areaChoice(p.area),
    description: p.description,
    specs: specsValues(p.specs),
    negotiable: p.negotiable ?? false,
  };
}

/** A listing's photos: its own list, else (an older answer) its one picture. */
export function productPhotos(p: EditableProduct): string[] {
  return p.photos && p.photos.length > 0 ? p.photos : p.picture ? [p.picture] : [];
}

/** Every input's label, by field: also used to turn "is required" into a sentence. */
const LABELS: Record<Field, MessageKey> = {
  productName: "Product Name",
  photos: "Photo",
  sellPrice: "Sell Price",
  orginalPrice: "Original Price",
  category: "Category",
  condition: "Condition",
  number: "Phone Number",
  used: "Years of Use",
  location: "Location",
  areaId: "Area (upazila or thana)",
  description: "Description",
};

const ID: Record<Field, string> = {
  productName: "product-name",
  photos: "product-photo",
  sellPrice: "product-sell-price",
  orginalPrice: "product-original-price",
  category: "product-category",
  condition: "product-condition",
  number: "product-number",
  used: "product-used",
  location: "product-location",
  areaId: "product-place-area",
  description: "product-description",
};

/** fieldText turns a server field problem ("is required") into a sentence. */
function fieldText(label: string, problem: string): string {
  // The server's words are English: the sentence stays English, in either language.
  return /^[a-z]/.test(problem) ? `${label} ${problem}` : problem;
}

/** serverErrors puts a 400's fields beside their inputs: "specs.ramGb" under RAM, "picture" and "photos" under the photos. */
function serverErrors(fields: Record<string, string>): Errors {
  const e: Errors = {};
  for (const [key, problem] of Object.entries(fields)) {
    if (key === "picture" || key === "photos" || key.startsWith("photos") || key === "image") {
      e.photos = fieldText(LABELS.photos, problem);
    } else if (key.startsWith("specs.")) {
      const spec = key.slice("specs.".length) as SpecKey;
      if (spec in SPEC_LABELS) e.specs = { ...e.specs, [spec]: fieldText(SPEC_LABELS[spec], problem) };
    } else if (key in LABELS) {
      e[key as Field] = fieldText(LABELS[key as Field], problem);
    }
  }
  return e;
}

/** validate runs the client's checks; the server checks everything again. */
function validate(v: ProductValues, t: Translate): Errors {
  const e: Errors = {};
  if (!v.productName.trim()) e.productName = t("Enter the product name");
  for (const f of ["sellPrice", "orginalPrice"] as const) {
    const s = v[f].trim();
    if (!s) e[f] = f === "sellPrice" ? t("Enter the selling price") : t("Enter the original price");
    else if (!/^\d+(\.\d+)?$/.test(s) || Number.parseInt(s, 10) < 1) e[f] = t("Enter a price in whole Tk, e.g. 45000");
  }
  // A second-hand laptop sells for at most what it cost new (the server refuses more too).
  if (!e.sellPrice && !e.orginalPrice && Number.parseInt(v.sellPrice, 10) > Number.parseInt(v.orginalPrice, 10)) {
    e.sellPrice = t("The sell price cannot be above the original price");
  }
  if (!v.category) e.category = t("Choose a category");
  if (!v.condition) e.condition = t("Choose the condition");
  if (!v.number.trim()) e.number = t("Enter your phone number");
  else if (!isPhone(v.number)) e.number = t("Use digits only, e.g. 01712345678");
  if (!v.used.trim()) e.used = t("Enter how many years it was used");
  if (!v.location.trim()) e.location = t("Enter where the laptop is");
  if ((v.place.division || v.place.district) && !v.place.area) e.areaId = t("Choose the area too, or leave the division and district empty");
  const specs = validateSpecs(v.specs, t);
  if (Object.keys(specs).length > 0) e.specs = specs;
  return e;
}

/** productBody builds exactly the fields POST /api/products takes; prices become whole Tk, picture is the cover. */
export function productBody(v: ProductValues, photos: string[]): NewProduct {
  return {
    productName: v.productName.trim(),
    picture: photos[0] ?? "",
    photos,
    sellPrice: Number.parseInt(v.sellPrice, 10),
    orginalPrice: Number.parseInt(v.orginalPrice, 10),
    category: v.category,
    condition: v.condition as Condition,
    location: v.location.trim(),
    used: v.used.trim(),
    number: normalizePhone(v.number),
    description: v.description.trim(),
    specs: specsBody(v.specs),
    negotiable: v.negotiable,
    ...(v.place.area ? { areaId: v.place.area } : {}),
  };
}

const hasErrors = (e: Errors) => Object.keys(e).some((k) => (k === "specs" ? Object.keys(e.specs ?? {}).length > 0 : true));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-base-content/60">{title}</legend>
      {children}
    </fieldset>
  );
}

type ProductFormProps = {
  categories: Category[];
  /** The listing's values and photos (Edit); an empty form without. */
  initial?: { values: ProductValues; photos: string[] };
  /** Sends the listing; a thrown ApiError's fields are shown beside their inputs. */
  send: (body: NewProduct) => Promise<void>;
  /** Says what went wrong when the error has no words of its own. */
  failed: string;
  submitLabel: string;
  /** A quiet line under Sell Price (Edit: what lowering it does). */
  priceHint?: string;
  /** The id of the page's heading, naming the form. */
  labelledBy: string;
  /** The area of the seller's last listing (Add): the place starts there while nothing is picked. */
  suggestedArea?: ProductArea;
};

/**
 * useTitleFill fills the empty spec fields from what the title names, once
 * typing pauses (#36), never over what the seller set by hand; `filled`
 * are the fields it filled, `undo` empties them until the title changes.
 * A listing's own title (Edit) fills nothing until it is changed.
 */
function useTitleFill(values: ProductValues, setSpecs: (specs: SpecsValues) => void, initialTitle: string | undefined, onFilled: () => void) {
  const { specs: parsed, title } = useParsedSpecs(values.productName);
  const [filled, setFilled] = useState<TitleSpec[]>([]);
  const [undoneFor, setUndoneFor] = useState<string | null>(initialTitle?.trim() ?? null);
  // the read last filled in: a new one fills as this render happens (React's
  // "adjusting state when a value changes"), no effect and no second pass
  const [applied, setApplied] = useState<ParsedSpecs | undefined>(undefined);
  if (parsed && parsed !== applied && title !== undoneFor) {
    setApplied(parsed);
    const { values: specs, filled: now } = fillFromTitle(values.specs, parsed, filled);
    setFilled(now);
    if (TITLE_SPECS.some((k) => specs[k] !== values.specs[k])) setSpecs(specs);
    if (now.length > 0) onFilled();
  }

  return {
    filled,
    /** A hand edit of a spec keeps it from the title's fills. */
    edited: (specs: SpecsValues) => setFilled((f) => f.filter((k) => specs[k] === values.specs[k])),
    undo: () => {
      setSpecs(emptySpecs(values.specs, filled));
      setFilled([]);
      setUndoneFor(title);
    },
  };
}

/**
 * usePlace holds the picked place (#36). Picking an area fills an empty
 * Location with its words ("Mirpur, Dhaka") and keeps them in step while
 * they are still the words it wrote; the seller's own words stay. Add
 * starts from the area of the seller's last listing once that is known,
 * unless a place was picked already.
 */
function usePlace(
  values: ProductValues,
  setValues: (update: (v: ProductValues) => ProductValues) => void,
  lang: Lang,
  divisions: AreaPath["division"][] | undefined,
  suggested: ProductArea | undefined,
) {
  const [written, setWritten] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<ProductArea | undefined>(undefined);

  function choose(place: AreaChoice, words: string | null) {
    const fill = words !== null && (!values.location.trim() || values.location === written);
    setValues((v) => ({ ...v, place, location: fill ? words : v.location }));
    if (fill) setWritten(words);
  }

  // the last listing's area arrives after the form: it is taken once, as it arrives
  if (suggested && suggestion === undefined) {
    setSuggestion(suggested);
    if (!values.place.division && !values.place.district && !values.place.area) choose(areaChoice(suggested), areaText(suggested, lang));
  }

  return {
    /** The place shown is the last listing's, as it came. */
    fromLastListing: suggestion !== undefined && values.place.area === suggestion._id,
    onChange: (place: AreaChoice) => {
      const found = findArea(divisions, place.area);
      choose(place, found ? placeWords(found, lang) : null);
    },
  };
}

/** ProductForm is the listing form: photos, the laptop and its specs, the price, and where to find the seller. */
export function ProductForm({ categories, initial, send, failed, submitLabel, priceHint, labelledBy, suggestedArea }: ProductFormProps) {
  const { t, lang } = useLanguage();
  const { data: locations, error: locationsError } = useLocations();
  const photos = usePhotoUploads(initial?.photos ?? [], t("The photo could not be uploaded. Try another one."));
  const [values, setValues] = useState<ProductValues>(initial?.values ?? EMPTY_PRODUCT);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [specsOpen, setSpecsOpen] = useState(() => (initial ? hasSpecs(initial.values.specs) : false));
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof ProductValues>(key: K, value: ProductValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setSpecs = useCallback((specs: SpecsValues) => setValues((v) => ({ ...v, specs })), []);
  // what the title fills in is shown: its section opens
  const titleFill = useTitleFill(values, setSpecs, initial?.values.productName, () => setSpecsOpen(true));
  const place = usePlace(values, setValues, lang, locations?.divisions, suggestedArea);
  // the price guide (#39), asked once typing pauses; it only ever suggests
  const guide = usePriceGuide({ title: values.productName, condition: values.condition, used: values.used }, GUIDE_DELAY_MS);

  function showErrors(found: Errors) {
    setErrors(found);
    if (found.specs && Object.keys(found.specs).length > 0) setSpecsOpen(true);
    // Focus the first wrong input once React has marked it (and opened its section).
    setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function onAddPhotos(files: File[]) {
    // Each file is checked here first; the ones that pass upload at once.
    const problems: string[] = [];
    const fine = files.filter((f) => {
      const problem = photoProblem(f, "", t);
      if (problem) problems.push(`${f.name}: ${problem}`);
      return !problem;
    });
    const left = photos.add(fine);
    if (left > 0) problems.push(t("A listing has at most {max} photos: {count} not added", { max: MAX_PHOTOS, count: left }));
    setErrors((e) => ({ ...e, photos: problems.length > 0 ? problems.join(" ") : undefined }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setMessage(null);
    const found = validate(values, t);
    if (photos.items.length === 0) found.photos = t("Choose a photo of the laptop");
    else if (photos.items.some((i) => i.status === "failed")) found.photos = t("A photo did not upload: retry it or remove it");
    if (hasErrors(found)) {
      showErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // Photos still on their way are waited for: nothing is sent without them.
      const urls = await photos.urls();
      if (!urls) {
        showErrors({ photos: t("A photo did not upload: retry it or remove it") });
        return;
      }
      await send(productBody(values, urls));
    } catch (err) {
      setMessage(err instanceof Error ? err.message : failed);
      if (err instanceof ApiError) showErrors(serverErrors(err.fields));
    } finally {
      setBusy(false);
    }
  }

  /** Props every text-like control shares. */
  const control = (f: Field) => ({
    id: ID[f],
    name: f,
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": fieldDescribedBy(ID[f], errors[f], f === "sellPrice" ? priceHint : undefined),
  });
  const input = (f: Field) => `input w-full ${errors[f] ? "input-error" : ""}`;
  const select = (f: Field) => `select w-full ${errors[f] ? "select-error" : ""}`;
  const uploading = photos.items.some((i) => i.status === "uploading");
  const specErrors = Object.keys(errors.specs ?? {}).length;

  return (
    <form ref={form} className="flex flex-col gap-8" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Section title={t("The laptop")}>
        <div className="sm:col-span-2">
          <FormField id={ID.productName} label={t(LABELS.productName)} error={errors.productName}>
            <input
              {...control("productName")}
              type="text"
              required
              placeholder={t("e.g. HP EliteBook 840 G5, Core i5, 8 GB")}
              className={input("productName")}
              value={values.productName}
              onChange={(e) => set("productName", e.target.value)}
            />
          </FormField>
          {titleFill.filled.length > 0 && (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-2 text-sm text-base-content/70" role="status">
              <span>{t("Filled from the title: {fields}", { fields: titleFill.filled.map((k) => t(SPEC_LABELS[k])).join(", ") })}</span>
              <button type="button" className="link link-primary" onClick={titleFill.undo}>
                {t("Undo")}
              </button>
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <PhotosField
            id={ID.photos}
            label={t(LABELS.photos)}
            error={errors.photos}
            hint={t("1 to 8 photos; the first is the cover. Drag them or use the arrows to reorder. JPEG, PNG, WebP or GIF, up to 8 MB each.")}
            items={photos.items}
            max={MAX_PHOTOS}
            onAdd={onAddPhotos}
            onRemove={(key) => {
              photos.remove(key);
              setErrors((e) => ({ ...e, photos: undefined }));
            }}
            onMove={photos.move}
            onRetry={photos.retry}
          />
        </div>
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <FormField id={ID.category} label={t(LABELS.category)} error={errors.category}>
            <select {...control("category")} required className={select("category")} value={values.category} onChange={(e) => set("category", e.target.value)}>
              <option value="" disabled>
                {t("Choose a brand")}
              </option>
              {categories.map((c) => (
                <option key={c._id} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={ID.condition} label={t(LABELS.condition)} error={errors.condition}>
            <select
              {...control("condition")}
              required
              className={select("condition")}
              value={values.condition}
              onChange={(e) => set("condition", e.target.value as Condition)}
            >
              <option value="" disabled>
                {t("Choose the condition")}
              </option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(c)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={ID.used} label={t(LABELS.used)} error={errors.used}>
            <input
              {...control("used")}
              type="text"
              inputMode="decimal"
              required
              placeholder={t("e.g. 2")}
              className={input("used")}
              value={values.used}
              onChange={(e) => set("used", e.target.value)}
            />
          </FormField>
        </div>
      </Section>

      <details
        className="group rounded-box border border-base-300 bg-base-200/30"
        open={specsOpen}
        onToggle={(e) => setSpecsOpen(e.currentTarget.open)}
      >
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-box p-4 hover:bg-base-200/60 [&::-webkit-details-marker]:hidden">
          <span className="flex flex-col gap-0.5">
            <span className="font-semibold">{t("Laptop details (optional)")}</span>
            <span className="text-sm text-base-content/60">
              {specErrors > 0 ? (
                <span className="text-error">{t("Check the details marked in red")}</span>
              ) : (
                t("Processor, RAM, storage, screen, battery: buyers filter by these")
              )}
            </span>
          </span>
          <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
          </svg>
        </summary>
        <div className="border-t border-base-300 p-4 sm:p-5">
          <SpecsFields
            values={values.specs}
            errors={errors.specs ?? {}}
            onChange={(specs) => {
              titleFill.edited(specs);
              set("specs", specs);
            }}
          />
        </div>
      </details>

      <Section title={t("Price in Tk")}>
        <FormField id={ID.sellPrice} label={t(LABELS.sellPrice)} error={errors.sellPrice} hint={priceHint}>
          <input
            {...control("sellPrice")}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            placeholder={t("e.g. 45000")}
            className={input("sellPrice")}
            value={values.sellPrice}
            onChange={(e) => set("sellPrice", e.target.value)}
          />
        </FormField>
        <PriceSuggestion
          className="sm:order-1 sm:col-span-2"
          guide={guide}
          onUse={(price) => {
            set("sellPrice", String(price));
            setErrors((e) => ({ ...e, sellPrice: undefined }));
          }}
        />
        <FormField id={ID.orginalPrice} label={t(LABELS.orginalPrice)} error={errors.orginalPrice}>
          <input
            {...control("orginalPrice")}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            placeholder={t("What it cost new")}
            className={input("orginalPrice")}
            value={values.orginalPrice}
            onChange={(e) => set("orginalPrice", e.target.value)}
          />
        </FormField>
        <label className="flex cursor-pointer items-center gap-3 sm:order-2 sm:col-span-2">
          <input
            type="checkbox"
            name="negotiable"
            className="toggle toggle-primary"
            checked={values.negotiable}
            onChange={(e) => set("negotiable", e.target.checked)}
          />
          <span className="flex flex-col">
            <span className="font-medium">{t("Price is negotiable")}</span>
            <span className="text-sm text-base-content/70">{t("Buyers see a Negotiable chip and may offer less.")}</span>
          </span>
        </label>
      </Section>

      <Section title={t("Where to find you")}>
        <div className="flex flex-col gap-2 sm:col-span-2">
          {locationsError ? (
            <p className="text-sm text-base-content/70">{t("The list of places could not be loaded. You can still list the laptop: write where it is under Location.")}</p>
          ) : (
            <AreaPicker idPrefix="product-place" divisions={locations?.divisions} value={values.place} onChange={place.onChange} error={errors.areaId} />
          )}
          <p className="text-sm text-base-content/70">
            {place.fromLastListing ? t("The place of your last listing: change it if this laptop is elsewhere.") : t("Buyers nearby find your laptop first with Near me.")}
          </p>
        </div>
        <FormField id={ID.number} label={t(LABELS.number)} error={errors.number}>
          <input
            {...control("number")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            placeholder="01712345678"
            className={input("number")}
            value={values.number}
            onChange={(e) => set("number", e.target.value)}
          />
        </FormField>
        <FormField id={ID.location} label={t(LABELS.location)} error={errors.location}>
          <input
            {...control("location")}
            type="text"
            required
            placeholder={t("e.g. Mirpur 10, Dhaka")}
            className={input("location")}
            value={values.location}
            onChange={(e) => set("location", e.target.value)}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={ID.description} label={t("{label} (optional)", { label: t(LABELS.description) })} error={errors.description}>
            <textarea
              {...control("description")}
              rows={4}
              placeholder={t("Processor, memory, storage, battery health, anything a buyer should know")}
              className={`textarea w-full ${errors.description ? "textarea-error" : ""}`}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </FormField>
        </div>
      </Section>

      {message && (
        <p role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {busy && uploading && <p className="text-sm text-base-content/70 sm:mr-auto">{t("Waiting for the photos to finish uploading…")}</p>}
        <button type="submit" className="btn btn-primary w-full sm:w-48" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

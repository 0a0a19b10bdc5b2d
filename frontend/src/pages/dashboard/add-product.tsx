import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { useCategories } from "@/api/categories";
import { CONDITIONS, useCreateProduct, useUploadImage, type Condition, type NewProduct } from "@/api/products";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { PhotoField, photoProblem } from "@/components/photo-field";
import { FormSkeleton } from "@/components/skeletons";
import { UploadProgress } from "@/components/upload-progress";
import { ApiError } from "@/lib/api";
import { useT, type MessageKey, type Translate } from "@/lib/i18n";
import { isPhone, normalizePhone } from "@/lib/phone";
import { usePageTitle } from "@/lib/title";

/** The form's fields, named as in the POST /api/products body. */
type Field = "productName" | "picture" | "sellPrice" | "orginalPrice" | "category" | "condition" | "number" | "used" | "location" | "description";
type Errors = Partial<Record<Field, string>>;

type Values = {
  productName: string;
  photo: File | null;
  sellPrice: string;
  orginalPrice: string;
  category: string;
  condition: Condition | "";
  number: string;
  used: string;
  location: string;
  description: string;
};

const EMPTY: Values = {
  productName: "",
  photo: null,
  sellPrice: "",
  orginalPrice: "",
  category: "",
  condition: "",
  number: "",
  used: "",
  location: "",
  description: "",
};

/** Every input's label, by field: also used to turn "is required" into a sentence. */
const LABELS: Record<Field, MessageKey> = {
  productName: "Product Name",
  picture: "Photo",
  sellPrice: "Sell Price",
  orginalPrice: "Original Price",
  category: "Category",
  condition: "Condition",
  number: "Phone Number",
  used: "Years of Use",
  location: "Location",
  description: "Description",
};

const ID: Record<Field, string> = {
  productName: "product-name",
  picture: "product-photo",
  sellPrice: "product-sell-price",
  orginalPrice: "product-original-price",
  category: "product-category",
  condition: "product-condition",
  number: "product-number",
  used: "product-used",
  location: "product-location",
  description: "product-description",
};

/** fieldText turns a server field problem ("is required") into a sentence. */
function fieldText(field: Field, problem: string): string {
  // The server's words are English: the sentence stays English, in either language.
  return /^[a-z]/.test(problem) ? `${LABELS[field]} ${problem}` : problem;
}

/** validate runs the client's checks; the server checks everything again. */
function validate(v: Values, t: Translate): Errors {
  const e: Errors = {};
  if (!v.productName.trim()) e.productName = t("Enter the product name");
  const photo = photoProblem(v.photo, t("Choose a photo of the laptop"), t);
  if (photo) e.picture = photo;
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
  return e;
}

/** toBody builds exactly the fields POST /api/products takes; prices become whole Tk. */
function toBody(v: Values, picture: string): NewProduct {
  return {
    productName: v.productName.trim(),
    picture,
    sellPrice: Number.parseInt(v.sellPrice, 10),
    orginalPrice: Number.parseInt(v.orginalPrice, 10),
    category: v.category,
    condition: v.condition as Condition,
    location: v.location.trim(),
    used: v.used.trim(),
    number: normalizePhone(v.number),
    description: v.description.trim(),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-base-content/60">{title}</legend>
      {children}
    </fieldset>
  );
}

/** /dashboard/addproduct (seller): the new-listing form. */
export default function AddProduct() {
  const t = useT();
  usePageTitle(t("Add a Product"));
  const categories = useCategories();
  // How much of the photo has gone: 0 to 1, null when not uploading.
  const [sent, setSent] = useState<number | null>(null);
  const upload = useUploadImage(setSent);
  const add = useCreateProduct();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The url of a photo already uploaded, so a resubmission does not upload it again.
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  if (categories.error) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the categories. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  // The spec loads the category list before the page shows.
  if (!categories.data) return <FormSkeleton fields={8} />;

  const busy = upload.isMutating || add.isMutating;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  function showErrors(found: Errors) {
    setErrors(found);
    // Focus the first wrong input once React has marked it.
    setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setMessage(null);
    const found = validate(values, t);
    if (Object.keys(found).length > 0 || !values.photo) {
      showErrors(found);
      return;
    }
    setErrors({});

    // 1. The photo first: without it nothing is submitted.
    let picture = uploaded.current?.file === values.photo ? uploaded.current.url : null;
    if (!picture) {
      setSent(0);
      try {
        const res = await upload.trigger(values.photo);
        if (!res?.success || !res.data?.url) throw new Error(t("The photo could not be uploaded. Try another one."));
        picture = res.data.url;
        uploaded.current = { file: values.photo, url: picture };
      } catch (err) {
        const text = err instanceof Error ? err.message : t("The photo could not be uploaded. Try another one.");
        setMessage(text);
        showErrors({ picture: err instanceof ApiError && err.fields.image ? fieldText("picture", err.fields.image) : text });
        return;
      } finally {
        setSent(null);
      }
    }

    // 2. The product.
    try {
      await add.trigger(toBody(values, picture));
      toast.success(t("product successfuly added"));
      void navigate("/dashboard/myproducts");
    } catch (err) {
      const text = err instanceof Error ? err.message : t("The product could not be added. Try again.");
      setMessage(text);
      if (err instanceof ApiError) {
        const next: Errors = {};
        for (const f of Object.keys(LABELS) as Field[]) {
          if (err.fields[f]) next[f] = fieldText(f, err.fields[f]);
        }
        // The photo was refused after all: upload it again next time.
        if (next.picture) uploaded.current = null;
        showErrors(next);
      }
    }
  }

  /** Props every text-like control shares. */
  const control = (f: Field) => ({
    id: ID[f],
    name: f,
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": fieldDescribedBy(ID[f], errors[f]),
  });
  const input = (f: Field) => `input w-full ${errors[f] ? "input-error" : ""}`;
  const select = (f: Field) => `select w-full ${errors[f] ? "select-error" : ""}`;

  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm" aria-labelledby="add-product-title">
      <div className="card-body gap-6 p-5 sm:p-8">
        <header>
          <h1 id="add-product-title" className="text-2xl font-bold sm:text-3xl">
            {t("Add a Product")}
          </h1>
          <p className="mt-1 text-base-content/70">{t("Describe your laptop honestly: buyers book it from this ad and call you to meet.")}</p>
        </header>

        <form ref={form} className="flex flex-col gap-8" onSubmit={onSubmit} noValidate aria-labelledby="add-product-title">
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
            </div>
            <div className="sm:col-span-2">
              <PhotoField
                id={ID.picture}
                label={t(LABELS.picture)}
                error={errors.picture}
                file={values.photo}
                onChange={(file) => set("photo", file)}
                previewAlt={t("Preview of the product photo")}
                shape="landscape"
              />
            </div>
            <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
              <FormField id={ID.category} label={t(LABELS.category)} error={errors.category}>
                <select {...control("category")} required className={select("category")} value={values.category} onChange={(e) => set("category", e.target.value)}>
                  <option value="" disabled>
                    {t("Choose a brand")}
                  </option>
                  {categories.data.map((c) => (
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

          <Section title={t("Price in Tk")}>
            <FormField id={ID.sellPrice} label={t(LABELS.sellPrice)} error={errors.sellPrice}>
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
          </Section>

          <Section title={t("Where to find you")}>
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
          {upload.isMutating && sent !== null && <UploadProgress sent={sent} label={t("Uploading the photo…")} />}
          <div className="flex justify-end">
            <button type="submit" className="btn btn-primary w-full sm:w-48" disabled={busy} aria-busy={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t("Submit")}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

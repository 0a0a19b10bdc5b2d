import { useRef, useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { CATEGORY_NAME_PATTERN, MAX_CATEGORY_NAME, useCategoryCounts, useCreateCategory, useDeleteCategory } from "@/api/category-admin";
import { useCategories, useCategory, type Category } from "@/api/categories";
import { useUploadImage } from "@/api/products";
import { useConfirm } from "@/components/confirm-dialog";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { PageSpinner } from "@/components/page-spinner";
import { photoProblem, PhotoField } from "@/components/photo-field";
import { RowAction } from "@/components/row-action";
import { ApiError } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

type Errors = { name?: string; image?: string };

/** nameProblem is the client's check of a new category's name (the server checks again). */
function nameProblem(raw: string, t: Translate): string | undefined {
  const name = raw.trim();
  if (!name) return t("Type a name for the category");
  if ([...name].length > MAX_CATEGORY_NAME) return t("Use at most 40 characters");
  if (!CATEGORY_NAME_PATTERN.test(name)) return t("Use only letters, digits, spaces, &, - and .");
  return undefined;
}

/** The API's refusals it words itself, in the page's language; others as the server said them. */
function refusal(err: unknown, t: Translate, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.code === "in_use") return t("This category still has products");
    if (err.status === 409 && err.fields.name) return t("A category with this name exists");
    return err.message;
  }
  return err instanceof Error ? err.message : fallback;
}

/** The add-a-category form: a name and an optional tile photo. */
function AddCategoryForm() {
  const { t } = useLanguage();
  const add = useCreateCategory();
  const upload = useUploadImage();
  const [name, setName] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  // the photo's input, emptied after an add; its key remounts it
  const [photoKey, setPhotoKey] = useState(0);
  // a photo already uploaded, so a resubmission (a taken name) does not upload it again
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const busy = add.isMutating || upload.isMutating;

  function showErrors(found: Errors) {
    setErrors(found);
    setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setMessage(null);
    const found: Errors = { name: nameProblem(name, t), image: photo ? photoProblem(photo, "", t) : undefined };
    if (found.name || found.image) {
      showErrors(found);
      return;
    }
    setErrors({});

    let image: string | undefined;
    if (photo) {
      image = uploaded.current?.file === photo ? uploaded.current.url : undefined;
      if (!image) {
        try {
          const res = await upload.trigger(photo);
          if (!res?.success || !res.data?.url) throw new Error(t("The photo could not be uploaded. Try another one."));
          image = res.data.url;
          uploaded.current = { file: photo, url: image };
        } catch (err) {
          const text = err instanceof Error ? err.message : t("The photo could not be uploaded. Try another one.");
          showErrors({ image: text });
          return;
        }
      }
    }

    try {
      await add.trigger(image ? { name: name.trim(), image } : { name: name.trim() });
      toast.success(t("Category added"));
      setName("");
      setPhoto(null);
      setPhotoKey((k) => k + 1);
      uploaded.current = null;
    } catch (err) {
      const text = refusal(err, t, t("The category could not be added. Try again."));
      if (err instanceof ApiError && (err.fields.name || err.fields.image)) {
        if (err.fields.image) uploaded.current = null;
        showErrors({ name: err.fields.name ? text : undefined, image: err.fields.image ? t("The photo could not be uploaded. Try another one.") : undefined });
      } else {
        setMessage(text);
      }
    }
  }

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-category-title"
      className="card bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-5 sm:p-6">
        <h2 id="add-category-title" className="text-lg font-semibold">
          {t("Add a category")}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id="category-name" label={t("Category name")} error={errors.name} hint={t("Letters, digits, spaces, &, - and ., up to 40 characters")}>
            <input
              id="category-name"
              name="name"
              type="text"
              required
              maxLength={MAX_CATEGORY_NAME}
              autoComplete="off"
              className={`input w-full ${errors.name ? "input-error" : ""}`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={fieldDescribedBy("category-name", errors.name, t("Letters, digits, spaces, &, - and ., up to 40 characters"))}
            />
          </FormField>
          <PhotoField
            key={photoKey}
            id="category-image"
            label={t("Tile photo (optional)")}
            error={errors.image}
            file={photo}
            onChange={setPhoto}
            previewAlt={t("The chosen tile photo")}
            shape="landscape"
            required={false}
          />
        </div>
        <p className="text-sm text-base-content/60">{t("Without a photo, the category gets a plain laptop tile.")}</p>
        {message && (
          <p role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Add category")}
          </button>
        </div>
      </div>
    </form>
  );
}

/**
 * One category: its tile, name, how many laptops it has for sale, and
 * Delete. Delete is off while any laptop, sold or for sale, is in it
 * (total, from the admins' counts), and says so under it before anyone
 * clicks (#32, walkthrough #22).
 */
function CategoryItem({
  category,
  total,
  busy,
  disabled,
  onDelete,
}: {
  category: Category;
  total: number | undefined;
  busy: boolean;
  disabled: boolean;
  onDelete: () => void;
}) {
  const { t, locale } = useLanguage();
  const { data } = useCategory(category._id);
  const inUse = total !== undefined && total > 0;
  const why = inUse ? t(total === 1 ? "1 laptop is in it, so it cannot be deleted" : "{count} laptops are in it, so it cannot be deleted", { count: formatNumber(total, locale) }) : undefined;
  return (
    <li className="flex items-center gap-3 rounded-box bg-base-100 p-3 shadow-sm sm:gap-4">
      <img src={category.image} alt="" loading="lazy" width={96} height={72} className="aspect-[4/3] h-auto w-20 shrink-0 rounded object-cover sm:w-24" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{category.name}</p>
        <p className="text-sm text-base-content/60">
          {data ? t("{count} for sale", { count: data.productCount }) : <span className="skeleton inline-block h-4 w-16 align-middle" />}
        </p>
        {why && (
          <p className="text-xs text-base-content/60">
            {why}
          </p>
        )}
      </div>
      <RowAction
        text={t("Delete")}
        label={why ? `${t("Delete {name}", { name: category.name })}: ${why}` : t("Delete {name}", { name: category.name })}
        tone="delete"
        busy={busy}
        disabled={disabled || inUse}
        reason={why}
        onClick={onDelete}
      />
    </li>
  );
}

/** /dashboard/categories (admin): the shop's categories, adding one and deleting an empty one. */
export default function Categories() {
  const { t } = useLanguage();
  usePageTitle(t("Categories"));
  const { data: categories, error } = useCategories();
  const { data: counts } = useCategoryCounts();
  const totals = new Map(counts?.map((c) => [c._id, c.productCount]));
  const remove = useDeleteCategory();
  const [confirm, confirmDialog] = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function onDelete(c: Category) {
    const yes = await confirm({
      message: t("Delete this category?"),
      detail: t("{name} will no longer be offered to sellers or shown to buyers.", { name: c.name }),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!yes) return;
    setDeleting(c._id);
    try {
      await remove.trigger(c._id);
      toast.success(t("Category deleted"));
    } catch (err) {
      toast.error(refusal(err, t, t("Could not delete this category")));
    } finally {
      setDeleting(null);
    }
  }

  if (error && !categories) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the categories. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!categories) return <PageSpinner />;

  return (
    <section className="space-y-6" aria-labelledby="categories-title">
      <div>
        <h1 id="categories-title" className="text-2xl font-bold sm:text-3xl">
          {t("Categories: {count}", { count: categories.length })}
        </h1>
        <p className="mt-1 text-base-content/70">
          {t("The brands buyers browse by and sellers list under. A category can be deleted only when no laptop, sold or for sale, is in it.")}
        </p>
      </div>

      <AddCategoryForm />

      {categories.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-base-content/70">{t("No categories yet")}</p>
          <p className="text-sm text-base-content/60">{t("Add the first one above.")}</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-3" aria-label={t("Categories")}>
          {categories.map((c) => (
            <CategoryItem
              key={c._id}
              category={c}
              total={counts ? (totals.get(c._id) ?? 0) : undefined}
              busy={deleting === c._id}
              disabled={deleting !== null}
              onDelete={() => void onDelete(c)}
            />
          ))}
        </ul>
      )}
      {confirmDialog}
    </section>
  );
}

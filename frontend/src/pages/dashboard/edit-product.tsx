import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { toast } from "react-toastify";
import { useCategories, type Category } from "@/api/categories";
import { useProduct, useUpdateProduct, type NewProduct, type ProductPatch } from "@/api/products";
import { FormSkeleton } from "@/components/skeletons";
import { useAuth } from "@/lib/auth";
import { formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { productBody, ProductForm, productPhotos, productValues, type EditableProduct } from "@/pages/dashboard/product-form";

/** What My Products hands over with its Edit link: the listing as it showed it. */
export type EditState = { product?: EditableProduct };

/**
 * changes keeps the fields of `after` that differ from `before`: PATCH
 * sends only those (picture follows photos); an area taken off is sent as
 * areaId null.
 */
export function changes(before: NewProduct, after: NewProduct): ProductPatch {
  const patch: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof NewProduct)[]) {
    if (k === "picture") continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) patch[k] = after[k];
  }
  if (before.areaId && !after.areaId) patch.areaId = null;
  return patch as ProductPatch;
}

function Notice({ title, text }: { title: string; text: string }) {
  const { t } = useLanguage();
  return (
    <section className="card mx-auto w-full max-w-xl bg-base-100 shadow-sm" aria-labelledby="edit-product-title">
      <div className="card-body items-start gap-3">
        <h1 id="edit-product-title" className="text-2xl font-bold">
          {title}
        </h1>
        <p role="alert" className="text-base-content/80">
          {text}
        </p>
        <Link to="/dashboard/myproducts" className="btn btn-primary btn-sm mt-2">
          {t("Back to My Products")}
        </Link>
      </div>
    </section>
  );
}

/**
 * /dashboard/products/:id/edit (seller): the listing form, filled in; it
 * sends only what changed. The listing comes from GET /api/products/{id};
 * when that has none (an expired listing leaves public view), the copy My
 * Products handed over with its link is used. A sold one cannot be edited.
 */
export default function EditProduct() {
  const { t } = useLanguage();
  usePageTitle(t("Edit listing"));
  const { id } = useParams();
  const handed = (useLocation().state as EditState | null)?.product;
  const { user } = useAuth();
  const product = useProduct(id);
  const categories = useCategories();

  const listing: EditableProduct | undefined =
    product.data ?? (product.error?.status === 404 && handed?._id === id ? handed : undefined);

  if (categories.error || (product.error && product.error.status !== 404)) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load this listing. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (product.error && !listing) {
    return <Notice title={t("Edit listing")} text={t("This listing is sold or was deleted, so it cannot be edited.")} />;
  }
  if (!listing || !categories.data) return <FormSkeleton fields={8} label={t("Loading the listing…")} />;
  if (listing.available === "soled") {
    return <Notice title={listing.productName} text={t("This laptop is sold, so its listing cannot be edited. Relist it from My Products to change it.")} />;
  }
  if (user && listing.sellerEmail !== user.email) {
    return <Notice title={listing.productName} text={t("Only its seller can edit this listing.")} />;
  }

  return <EditForm key={listing._id} listing={listing} categories={categories.data} />;
}

/** The filled-in form of one listing; it starts from the listing as first loaded (a refetch does not reset what is being typed). */
function EditForm({ listing, categories }: { listing: EditableProduct; categories: Category[] }) {
  const { t, locale } = useLanguage();
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const [start] = useState(() => {
    const values = productValues(listing);
    const photos = productPhotos(listing);
    return { values, photos, body: productBody(values, photos) };
  });

  async function send(body: NewProduct) {
    const patch = changes(start.body, body);
    if (Object.keys(patch).length === 0) {
      toast.info(t("Nothing changed"));
      return;
    }
    await update.trigger({ id: listing._id, patch });
    toast.success(t("Changes saved"));
    void navigate("/dashboard/myproducts");
  }

  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm" aria-labelledby="edit-product-title">
      <div className="card-body gap-6 p-5 sm:p-8">
        <header className="flex flex-col gap-1">
          <Link to="/dashboard/myproducts" className="link link-hover text-sm text-base-content/70">
            ← {t("Back to My Products")}
          </Link>
          <h1 id="edit-product-title" className="text-2xl font-bold sm:text-3xl">
            {t("Edit listing")}
          </h1>
          <p className="text-base-content/70">{listing.productName}</p>
        </header>
        <ProductForm
          categories={categories}
          initial={start}
          labelledBy="edit-product-title"
          failed={t("The changes could not be saved. Try again.")}
          submitLabel={t("Save changes")}
          priceHint={t("Lower it and your ad shows “was {price}” for 30 days.", { price: formatTk(listing.sellPrice, locale) })}
          send={send}
        />
      </div>
    </section>
  );
}

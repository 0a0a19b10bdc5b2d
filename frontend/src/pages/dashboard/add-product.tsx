import { useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { useCategories, type Category } from "@/api/categories";
import { useCreateProduct, useProduct, useUserProducts } from "@/api/products";
import { useListingDefaults, type ListingDefaults, type SimilarState } from "@/api/shops";
import { FormSkeleton } from "@/components/skeletons";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { EMPTY_PRODUCT, ProductForm, productValues, type EditableProduct, type ProductValues } from "@/pages/dashboard/product-form";

/**
 * startValues is what the form starts with (#37): a listing's fields and
 * specs, not its photos ("Post a similar ad"); else the seller's phone and
 * location from their profile, shop or latest listing.
 */
export function startValues(similar: EditableProduct | undefined, defaults: ListingDefaults | undefined): ProductValues {
  if (similar) return productValues(similar);
  return { ...EMPTY_PRODUCT, number: defaults?.number ?? "", location: defaults?.location ?? "" };
}

/**
 * /dashboard/addproduct (seller): the new-listing form. With ?similar=ID
 * it starts as a copy of that listing (the copy My Products or the
 * product page handed over, else the listing as the catalogue has it).
 */
export default function AddProduct() {
  const t = useT();
  usePageTitle(t("Add a Product"));
  const categories = useCategories();
  const [params] = useSearchParams();
  const similarId = params.get("similar") ?? undefined;
  const handed = (useLocation().state as SimilarState | null)?.similar;
  const fromState = handed && handed._id === similarId ? handed : undefined;
  // a reload loses the handed copy: the catalogue's has the same fields
  const fetched = useProduct(similarId && !fromState ? similarId : undefined);
  const similar = fromState ?? fetched.data;
  const copyFailed = similarId !== undefined && !fromState && fetched.error !== undefined;
  const defaults = useListingDefaults(!similarId || copyFailed);

  if (categories.error) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the categories. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  // The spec loads the category list before the page shows; the form
  // starts once what it starts with is in (a failed read starts it empty).
  const waiting = (similarId && !similar && !copyFailed) || (!similar && !defaults.data && !defaults.error);
  if (!categories.data || waiting) return <FormSkeleton fields={8} />;

  return <AddForm key={similar?._id ?? "new"} categories={categories.data} similar={similar} copyFailed={copyFailed} defaults={defaults.data} />;
}

function AddForm({ categories, similar, copyFailed, defaults }: { categories: Category[]; similar?: EditableProduct; copyFailed: boolean; defaults?: ListingDefaults }) {
  const t = useT();
  const add = useCreateProduct();
  const navigate = useNavigate();
  // My Products' list (newest first): the place starts at the last listing's area (#36)
  const { user } = useAuth();
  const mine = useUserProducts(user?.email);
  const lastArea = mine.data?.find((p) => p.area)?.area ?? undefined;
  const [initial] = useState(() => ({ values: startValues(similar, defaults), photos: [] as string[] }));
  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm" aria-labelledby="add-product-title">
      <div className="card-body gap-6 p-5 sm:p-8">
        <header>
          <h1 id="add-product-title" className="text-2xl font-bold sm:text-3xl">
            {t("Add a Product")}
          </h1>
          <p className="mt-1 text-base-content/70">{t("Describe your laptop honestly: buyers book it from this ad and call you to meet.")}</p>
        </header>
        {similar ? (
          <div role="status" className="alert alert-info alert-soft text-sm">
            <span>
              {t("Copied from {name}: add photos of this laptop, then check the price and details.", { name: similar.productName })}{" "}
              <Link to="/dashboard/addproduct" className="link font-semibold">
                {t("Start empty instead")}
              </Link>
            </span>
          </div>
        ) : copyFailed ? (
          <div role="status" className="alert alert-warning alert-soft text-sm">
            <span>{t("That listing could not be copied (it may be sold or deleted): the form starts empty.")}</span>
          </div>
        ) : defaults && (defaults.number || defaults.location) ? (
          <p className="-mt-3 text-sm text-base-content/70">{t("Your phone and location are filled in from your profile and your last ad.")}</p>
        ) : null}
        <ProductForm
          categories={categories}
          initial={initial}
          labelledBy="add-product-title"
          failed={t("The product could not be added. Try again.")}
          submitLabel={t("Submit")}
          suggestedArea={lastArea}
          send={async (body) => {
            await add.trigger(body);
            toast.success(t("product successfuly added"));
            void navigate("/dashboard/myproducts");
          }}
        />
      </div>
    </section>
  );
}

import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { useCategories } from "@/api/categories";
import { useCreateProduct, useUserProducts } from "@/api/products";
import { FormSkeleton } from "@/components/skeletons";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { ProductForm } from "@/pages/dashboard/product-form";

/** /dashboard/addproduct (seller): the new-listing form. */
export default function AddProduct() {
  const t = useT();
  usePageTitle(t("Add a Product"));
  const categories = useCategories();
  const add = useCreateProduct();
  const navigate = useNavigate();
  // My Products' list (newest first): the place starts at the last listing's area (#36)
  const { user } = useAuth();
  const mine = useUserProducts(user?.email);
  const lastArea = mine.data?.find((p) => p.area)?.area ?? undefined;

  if (categories.error) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the categories. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  // The spec loads the category list before the page shows.
  if (!categories.data) return <FormSkeleton fields={8} />;

  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm" aria-labelledby="add-product-title">
      <div className="card-body gap-6 p-5 sm:p-8">
        <header>
          <h1 id="add-product-title" className="text-2xl font-bold sm:text-3xl">
            {t("Add a Product")}
          </h1>
          <p className="mt-1 text-base-content/70">{t("Describe your laptop honestly: buyers book it from this ad and call you to meet.")}</p>
        </header>
        <ProductForm
          categories={categories.data}
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

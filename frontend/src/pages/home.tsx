import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useCategories, type Category } from "@/api/categories";
import { useAdvertised, useProductPages } from "@/api/products";
import { BannerCarousel } from "@/components/banner-carousel";
import { CategoryGrid, CategoryGridSkeleton } from "@/components/category-grid";
import { PostAdButton } from "@/components/post-ad-button";
import { ViewToggle } from "@/components/view-toggle";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageKey } from "@/lib/i18n";
import { useNearViewport } from "@/lib/near-viewport";
import { usePageTitle } from "@/lib/title";
import { usePostAd } from "@/pages/post-ad";
import { ProductShelf } from "@/pages/product-shelf";

const steps: { title: MessageKey; text: MessageKey }[] = [
  { title: "Register", text: "Create a free seller account in a minute." },
  { title: "Go to Dashboard", text: "Open your dashboard and choose Add Product." },
  { title: "Post ads with pictures of your products", text: "Add a clear photo, a fair price and where to meet." },
];

type Brand = { title: MessageKey; category: string };

/** How many products a brand section shows; See all leads to the rest. */
export const BRAND_PREVIEW = 8;

/** The four fixed brand sections (spec: WALTON, APPLE, HP, ASUS). */
const brands: Brand[] = [
  { title: "Walton Laptop", category: "WALTON" },
  { title: "Apple Laptop", category: "APPLE" },
  { title: "HP Laptop", category: "HP" },
  { title: "Asus Laptop", category: "ASUS" },
];

function SectionHeading({ id, title, subtitle, action }: { id: string; title: string; subtitle: string; action?: ReactNode }) {
  return (
    // the action (See all) beside the title, never wrapping under it: its coming must not move the cards
    <div className="mb-3 flex items-center justify-between gap-x-4 sm:mb-6 sm:items-end">
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-bold sm:text-3xl">
          {title}
        </h2>
        {/* on a phone the title says enough (#37): the laptops come first */}
        <p className="mt-1 hidden text-base-content/70 sm:block">{subtitle}</p>
      </div>
      {action}
    </div>
  );
}

/** Urgent Sell: the products their sellers advertised (its list comes from Home). */
function UrgentSell({ urgent }: { urgent: ReturnType<typeof useAdvertised> }) {
  const t = useT();
  const { data, error, isLoading } = urgent;
  return (
    <section id="urgent-sell" aria-labelledby="urgent-title" className="scroll-mt-24">
      {/* the phone's choice of rows, grid or cards (#37): one for every list on the page */}
      <SectionHeading
        id="urgent-title"
        title={t("Urgent Sell")}
        subtitle={t("Sellers who need to sell fast: book before someone else does.")}
        action={<ViewToggle />}
      />
      <ProductShelf products={data} error={error} isLoading={isLoading} emptyText={t("No urgent sales right now")} skeletons={BRAND_PREVIEW} />
    </section>
  );
}

/**
 * One brand's newest available products (the first page only) and a link
 * to its page for the rest. The link's name stays "See all" (the section
 * names the brand): a brand name in it would make "the link named HP" on
 * this page ambiguous.
 */
function BrandSection({ brand, category }: { brand: Brand; category: Category | undefined }) {
  const t = useT();
  // the brands lie below the fold: fetched and drawn as they come near
  const [ref, near] = useNearViewport<HTMLElement>();
  const { products, error, isLoading } = useProductPages(near ? { category: brand.category, limit: BRAND_PREVIEW } : null);
  const id = `brand-${brand.category.toLowerCase()}-title`;
  const seeAll =
    category && products && products.length > 0 ? (
      <Link to={`/categorys/${category._id}`} className="btn btn-ghost btn-sm shrink-0 text-primary" aria-describedby={id}>
        {t("See all")}
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.5 10 7.2 5.6a1 1 0 0 1 0-1.4Z" clipRule="evenodd" />
        </svg>
      </Link>
    ) : undefined;
  return (
    <section ref={ref} aria-labelledby={id}>
      <SectionHeading id={id} title={t(brand.title)} subtitle={t("Second-hand {brand} laptops available now.", { brand: brand.category })} action={seeAll} />
      {/* as many grey cards as the section shows products: its final height
          from the start; still while nothing is fetched (a shimmer off screen
          kept the browser drawing, a whole core of a phone's) */}
      <div className={near ? undefined : "[&_.skeleton]:animate-none"}>
        <ProductShelf products={products} error={error} isLoading={isLoading || !near} skeletons={BRAND_PREVIEW} />
      </div>
    </section>
  );
}

/** / and /home: banner, brand tiles, Urgent Sell, four brands and the post-an-ad promo. */
export default function Home() {
  const { t, locale } = useLanguage();
  usePageTitle();
  const { data: categories, error, isLoading } = useCategories();
  const postAd = usePostAd();
  const urgent = useAdvertised();
  const postAdButton = (className?: string) =>
    postAd && <PostAdButton user={postAd.user} onBecomeSeller={postAd.becomeSeller} busy={postAd.busy} className={className} />;
  return (
    <div className="space-y-8 sm:space-y-16">
      <BannerCarousel postAd={postAdButton()} />

      <section id="categories" aria-labelledby="categories-title" className="scroll-mt-24">
        <div className="mb-3 text-center sm:mb-6">
          <h2 id="categories-title" className="text-xl font-bold sm:text-3xl">
            {t("Shop by brand")}
          </h2>
          <p className="mt-1 text-sm text-base-content/70 sm:mt-2 sm:text-base">{t("Pick a brand to see every laptop on sale.")}</p>
        </div>
        {isLoading ? (
          <CategoryGridSkeleton />
        ) : error ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>{t("We couldn't load the brands right now. Please refresh the page in a moment.")}</span>
          </div>
        ) : (
          <CategoryGrid categories={categories ?? []} />
        )}
      </section>

      <UrgentSell urgent={urgent} />

      {/* the brands come once Urgent Sell has its laptops: on a phone they stand on the
          first screen under it, and Urgent Sell's grey rows turning into fewer laptops
          would pull them up under the reader's eyes (#37); added below, nothing moves */}
      {!urgent.isLoading &&
        brands.map((b) => <BrandSection key={b.category} brand={b} category={categories?.find((c) => c.name === b.category)} />)}

      <section aria-labelledby="promo-title" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-8 sm:p-10">
          <div className="text-center">
            <h2 id="promo-title" className="text-3xl font-bold">
              {t("Post your ad for free and easily")}
            </h2>
            <p className="mt-2 text-base-content/70">{t("Three steps and your laptop is in front of buyers.")}</p>
          </div>
          <ol className="grid gap-6 md:grid-cols-3">
            {steps.map((s, i) => (
              <li key={s.title} className="flex flex-col items-center gap-3 text-center">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-content">
                  {formatNumber(i + 1, locale)}
                </span>
                <h3 className="text-lg font-semibold">{t(s.title)}</h3>
                <p className="text-base-content/70">{t(s.text)}</p>
              </li>
            ))}
          </ol>
          <div className="flex justify-center empty:hidden">{postAdButton("btn btn-primary btn-lg")}</div>
        </div>
      </section>
    </div>
  );
}

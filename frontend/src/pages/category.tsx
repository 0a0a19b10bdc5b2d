import { useEffect, useRef } from "react";
import { Link, NavLink, useParams } from "react-router-dom";
import { useCategories, useCategory, type Category } from "@/api/categories";
import { activeFilterCount, queryFromFilters, useUrlFilters } from "@/api/product-filters";
import { useFacets } from "@/api/products";
import type { SortOption } from "@/components/filter-bar";
import { ProductCardSkeleton } from "@/components/product-skeletons";
import { useT, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { SaveSearchButton } from "@/components/save-search-button";
import { ProductBrowser } from "@/pages/product-browser";

/** The orders a brand's list offers; newest is the API's default. */
const SORTS: SortOption[] = [
  { value: "", label: "Newest" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
];

/** All brands: a column beside the list on wide screens, a scroller above it on phones. */
function CategorySidebar({ current, categories, loading }: { current: string; categories: Category[] | undefined; loading: boolean }) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the list scrolls sideways: bring the current brand into view.
  useEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    const offset = active.getBoundingClientRect().left - ul.getBoundingClientRect().left + ul.scrollLeft;
    ul.scrollLeft = offset - (ul.clientWidth - active.offsetWidth) / 2;
  }, [current, categories]);
  return (
    <nav aria-label={t("All categories")} className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      <h2 className="mb-3 hidden px-1 text-xs font-semibold uppercase tracking-wide text-base-content/60 lg:block">{t("Categories")}</h2>
      {loading && !categories ? (
        <div className="flex gap-2 lg:flex-col" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton h-11 w-28 shrink-0 lg:w-full" />
          ))}
        </div>
      ) : (
        <ul ref={list} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:px-0 lg:flex-col lg:overflow-visible lg:rounded-box lg:bg-base-100 lg:p-2 lg:shadow-sm">
          {(categories ?? []).map((c) => (
            <li key={c._id} className="shrink-0">
              <NavLink
                to={`/categorys/${c._id}`}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-field border px-3 py-2 text-sm font-medium whitespace-nowrap transition lg:border-transparent ${
                    isActive
                      ? "border-primary bg-primary text-primary-content"
                      : "border-base-300 bg-base-100 hover:bg-base-200 lg:bg-transparent"
                  }`
                }
              >
                <img src={c.image} alt="" className="h-7 w-9 rounded object-cover" loading="lazy" />
                {c.name}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/** The page's frame in grey while the category loads. */
function CategorySkeleton() {
  const t = useT();
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{t("Loading...")}</span>
      <div aria-hidden="true" className="space-y-3">
        <div className="skeleton h-4 w-48" />
        <div className="skeleton h-9 w-64" />
      </div>
      <div aria-hidden="true" className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <div className="flex gap-2 overflow-hidden lg:flex-col">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton h-11 w-28 shrink-0 lg:w-full" />
          ))}
        </div>
        <div className="space-y-6">
          <div className="skeleton h-20 w-full" />
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function countText(n: number, t: Translate): string {
  return n === 1 ? t("{n} product", { n }) : t("{n} products", { n });
}

/**
 * /categorys/:id: the available products of one brand, a page at a time,
 * with filters kept in the query string and every brand beside them.
 */
export default function CategoryPage() {
  const { id } = useParams();
  const { data: category, error } = useCategory(id);
  const t = useT();
  usePageTitle(category ? t("{brand} Laptops", { brand: category.name }) : t("Laptops"));
  const categories = useCategories();
  const { filters: fromUrl, setFilters, clearFilters } = useUrlFilters();
  // The brand is the route's; this page has no search words to rank by.
  const filters = { ...fromUrl, q: "", category: "", sort: fromUrl.sort === "relevance" ? "" : fromUrl.sort };
  // The products wait for the category: its name is their query.
  const query = category ? { ...queryFromFilters(filters), category: category.name } : null;
  // With filters applied the count is of what they let through (the
  // facets' total, the request the list's filter bar makes too); without,
  // the brand's own count.
  const filtered = activeFilterCount(filters) > 0;
  const { data: facets } = useFacets(filtered ? query : null);
  const filteredCount = facets?.total?.exact ? facets.total.count : undefined;
  // A missing category is a routing error: the router shows the error page.
  if (error) throw error;
  if (!category) return <CategorySkeleton />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <nav className="breadcrumbs text-sm" aria-label={t("Breadcrumb")}>
          <ul>
            <li>
              <Link to="/">{t("Home")}</Link>
            </li>
            <li>
              <span aria-current="page">{category.name}</span>
            </li>
            <li>
              <span>{countText(filtered ? (filteredCount ?? category.productCount) : category.productCount, t)}</span>
            </li>
          </ul>
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("{brand} Laptops", { brand: category.name })}</h1>
          <SaveSearchButton query={query} />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <CategorySidebar current={category._id} categories={categories.data} loading={categories.isLoading} />
        <section aria-labelledby="category-products-title">
          {/* the cards' names are h3s: the outline needs this level between */}
          <h2 id="category-products-title" className="sr-only">
            {t("{brand} products", { brand: category.name })}
          </h2>
          <ProductBrowser
            query={query}
            filters={filters}
            onChange={setFilters}
            onClear={clearFilters}
            sortOptions={SORTS}
            gridClassName="sm:grid-cols-2 xl:grid-cols-3"
            cardSizes="(min-width: 1280px) 25vw, (min-width: 640px) 40vw, 100vw"
          />
        </section>
      </div>
    </div>
  );
}

import { useCategories } from "@/api/categories";
import { queryFromFilters, useUrlFilters } from "@/api/product-filters";
import type { SortOption } from "@/components/filter-bar";
import { SaveSearchButton } from "@/components/save-search-button";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { ProductBrowser } from "@/pages/product-browser";

/** With search words the best matches come first; without, the newest. */
const SEARCH_SORTS: SortOption[] = [
  { value: "", label: "Best match" },
  { value: "newest", label: "Newest" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
];
const BROWSE_SORTS: SortOption[] = [
  { value: "", label: "Newest" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
];

/**
 * /search?q=...: every brand's available products matching the words, with
 * the same filters as a brand's page plus a Brand select. The URL is the
 * state; without words it lists every laptop.
 */
export default function SearchPage() {
  const { data: categories } = useCategories();
  const { filters, setFilters, clearFilters } = useUrlFilters();
  const t = useT();
  const heading = filters.q ? t("Results for “{q}”", { q: filters.q }) : t("All laptops");
  usePageTitle(heading);
  // "Best match" is relevance, the API's default with words: show it as the default.
  const shown = { ...filters, sort: filters.sort === "relevance" ? "" : filters.sort };
  return (
    <div className="space-y-4 sm:space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-xl font-bold break-words sm:text-3xl">{heading}</h1>
          {/* on a phone the results come first (#37): the heading says enough */}
          <p className="hidden text-base-content/70 sm:block">
            {filters.q ? t("Laptops whose name or description match your words.") : t("Every laptop on sale, from every brand.")}
          </p>
        </div>
        <SaveSearchButton query={queryFromFilters(filters)} />
      </div>
      <section aria-labelledby="search-results-title">
        {/* the cards' names are h3s: the outline needs this level between */}
        <h2 id="search-results-title" className="sr-only">
          {t("Search results")}
        </h2>
        <ProductBrowser
          query={queryFromFilters(filters)}
          filters={shown}
          onChange={setFilters}
          onClear={clearFilters}
          sortOptions={filters.q ? SEARCH_SORTS : BROWSE_SORTS}
          brands={categories?.map((c) => c.name)}
          searchHint={filters.q ? t("Try fewer or shorter words, e.g. “mac” for MacBook.") : undefined}
        />
      </section>
    </div>
  );
}

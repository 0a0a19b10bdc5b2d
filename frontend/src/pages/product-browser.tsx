// Not a route: a filterable product list a page at a time, shared by the
// category and search pages. The filters come from (and go to) the URL.
import { useLocations } from "@/api/locations";
import { activeFilterCount, type ProductFilters } from "@/api/product-filters";
import { useFacets, useProductPages, type Facets, type ProductQuery } from "@/api/products";
import { ActiveFilterChips, FilterBar, type SortOption } from "@/components/filter-bar";
import { LoadMore } from "@/components/load-more";
import { UnderstoodChips } from "@/components/understood-chips";
import { ViewToggle } from "@/components/view-toggle";
import { useT, type Translate } from "@/lib/i18n";
import { ProductShelf } from "@/pages/product-shelf";

type ProductBrowserProps = {
  /** The API query; null waits (e.g. for the category's name). */
  query: ProductQuery | null;
  filters: ProductFilters;
  onChange: (patch: Partial<ProductFilters>) => void;
  onClear: () => void;
  sortOptions: SortOption[];
  /** Brand names for a Brand select (the search page). */
  brands?: string[];
  /** Shown under No Available Product when nothing matched a search. */
  searchHint?: string;
  gridClassName?: string;
  /** How wide a card is at each screen width (see ProductCard). */
  cardSizes?: string;
};

/** The filter bar (with each choice's count), the applied filters as chips, the cards, and Load more. */
export function ProductBrowser({ query, filters, onChange, onClear, sortOptions, brands, searchHint, gridClassName, cardSizes }: ProductBrowserProps) {
  const t = useT();
  const list = useProductPages(query);
  // an older server has no facets: then the choices just show no counts
  const { data: facets, error: facetsError } = useFacets(query);
  // the places' names for their filters and chips; without them the selects wait
  const { data: locations } = useLocations();
  const filtered = activeFilterCount(filters) > 0;
  const badFilter = list.error?.status === 400;
  const total = facetsError ? undefined : facets?.total;
  // a broad search's counts are lower bounds: the choices show none then
  const shownFacets = facetsError || total?.exact === false ? undefined : facets;
  const corrected = !facetsError && filters.q ? facets?.corrected : undefined;
  // a broad search asked for by relevance (the search's default) is listed
  // newest first: the sort box says so rather than "Best match"
  const listedNewest = list.sortedBy === "newest" && !filters.sort;
  const sorts = listedNewest
    ? sortOptions.map((o) => (o.value === "" ? { ...o, label: "Newest first (many matches)" as const } : o))
    : sortOptions;
  return (
    <div className="space-y-6 max-md:space-y-4">
      <div className="space-y-3">
        <FilterBar
          filters={filters}
          onChange={onChange}
          onClear={onClear}
          sortOptions={sorts}
          brands={brands}
          facets={shownFacets}
          divisions={locations?.divisions}
        />
        <ActiveFilterChips filters={filters} onChange={onChange} onClear={onClear} divisions={locations?.divisions} />
        {!facetsError && filters.q && <UnderstoodChips q={filters.q} understood={facets?.understood} onSearch={(q) => onChange({ q })} />}
      </div>
      {/* the count, and on a phone the choice of rows, grid or cards (#37) on the same line */}
      <div className="flex items-center justify-between gap-3 max-md:-mt-3">
        <div aria-live="polite" className="min-w-0 space-y-1 text-sm">
          {corrected && (
            <p className="break-words">
              {t("Nothing matches “{typed}”. Showing results for “{corrected}”.", { typed: filters.q!, corrected })}
            </p>
          )}
          {total && !list.isLoading && <p className="text-base-content/70">{resultCount(t, total)}</p>}
        </div>
        <ViewToggle />
      </div>
      <ProductShelf
        products={list.products}
        isLoading={list.isLoading}
        error={list.error}
        errorText={badFilter ? t("These filters don't work together: {message}", { message: list.error!.message }) : undefined}
        emptyHint={filtered ? t("Try clearing the filters.") : searchHint}
        skeletons={6}
        gridClassName={gridClassName}
        cardSizes={cardSizes}
        eager={3}
      />
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        failed={list.error !== undefined && list.products !== undefined}
        onLoadMore={list.loadMore}
      />
    </div>
  );
}

/** How many laptops a list has: exactly, or at least (a broad search's lower bound); nothing for an unknown count. */
function resultCount(t: Translate, total: NonNullable<Facets["total"]>): string | null {
  if (!total.exact) return total.count > 0 ? t("{n}+ laptops", { n: total.count }) : null;
  return total.count === 1 ? t("1 laptop") : t("{n} laptops", { n: total.count });
}

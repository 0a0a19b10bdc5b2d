// Its own module so the header's search box (on every first page) can use it
// without pulling in the catalogue filters (product-filters.ts), which only
// the search and category pages need.

/** The longest search or place the API accepts. */
export const MAX_TEXT = 100;

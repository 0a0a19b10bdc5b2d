// Categories (the laptop brands): wire type and read hooks.
import useSWR from "swr";

/** A category as GET /api/categorys answers it. */
export type Category = {
  _id: string;
  name: string;
  image: string;
};

/** One category as GET /api/categorys/:id answers it. */
export type CategoryDetail = Category & {
  /** How many of its products are available; kept by the server, cheap at any size. */
  productCount: number;
};

/** The SWR key of the category list. */
export const CATEGORIES_KEY = "/api/categorys";

/** useCategories loads every category. */
export function useCategories() {
  return useSWR<Category[]>(CATEGORIES_KEY);
}

/** useCategory loads one category, with its product count, by id; pass undefined to wait. */
export function useCategory(id: string | undefined) {
  return useSWR<CategoryDetail>(id ? `${CATEGORIES_KEY}/${encodeURIComponent(id)}` : null);
}

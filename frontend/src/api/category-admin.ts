// Categories an admin adds and deletes: the write hooks, in a module of
// their own so the first page (which lists the categories) does not carry
// them. Every write, done or refused, refetches the category list and each
// category loaded (their counts) before its trigger resolves.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { CATEGORIES_KEY, type Category } from "@/api/categories";
import { apiFetch, type ApiError } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";

/** The body of POST /api/categorys; without an image the server gives a plain laptop tile. */
export type NewCategory = { name: string; image?: string };

type Inserted = { acknowledged: boolean; insertedId: string };
type Deleted = { deletedCount: number };

/** The longest category name the API takes, in characters. */
export const MAX_CATEGORY_NAME = 40;

/** What a category name may hold, as the API checks it: letters (with their marks), digits, spaces, &, - and . */
export const CATEGORY_NAME_PATTERN = /^[\p{L}\p{Nd}][\p{L}\p{M}\p{Nd} &.-]*$/u;

/** The admins' list of categories with their product counts (#32). */
export const ADMIN_CATEGORIES_KEY = "/api/admin/categorys";

/** A category with how many laptops, sold or for sale, still name it: one with any cannot be deleted. */
export type CategoryCount = Category & { productCount: number };

function isCategoryKey(key: string): boolean {
  return key === CATEGORIES_KEY || key.startsWith(`${CATEGORIES_KEY}/`) || key === ADMIN_CATEGORIES_KEY;
}

/** useCategoryCounts loads every category with its product count (admin), so Delete can say why it is off. */
export function useCategoryCounts() {
  return useSWR<CategoryCount[], ApiError>(ADMIN_CATEGORIES_KEY);
}

function useCategoryWrite<Res, Arg>(send: (arg: Arg) => Promise<Res>) {
  const revalidate = useRevalidate(isCategoryKey);
  return useSWRMutation<Res, ApiError, string, Arg>(CATEGORIES_KEY, async (_key, { arg }) => {
    try {
      return await send(arg);
    } finally {
      await revalidate();
    }
  });
}

/** useCreateCategory adds a category (admin); a taken name is a 409 ApiError. */
export function useCreateCategory() {
  return useCategoryWrite<Inserted, NewCategory>((body) => apiFetch<Inserted>(CATEGORIES_KEY, { method: "POST", json: body }));
}

/** useDeleteCategory deletes a category (admin); one with products is a 409 ApiError (code "in_use"). */
export function useDeleteCategory() {
  return useCategoryWrite<Deleted, string>((id) => apiFetch<Deleted>(`${CATEGORIES_KEY}/${encodeURIComponent(id)}`, { method: "DELETE" }));
}

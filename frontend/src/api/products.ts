// Products (listed laptops) and their photos: wire types, SWR keys (the API
// paths) and hooks. Every write revalidates the product lists it touches.
import useSWR, { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";

/** A product's condition as the API spells it. */
export type Condition = "excellent" | "good" | "fair";

/** The conditions a seller may pick, best first. */
export const CONDITIONS: Condition[] = ["excellent", "good", "fair"];

/** A product as the API answers it (the spec's field names, typos included). */
export type Product = {
  _id: string;
  productName: string;
  /** Same-origin photo url, e.g. /uploads/<hash>.jpg. */
  picture: string;
  /** Whole Tk. */
  sellPrice: number;
  /** Whole Tk. */
  orginalPrice: number;
  /** The brand: a category name such as "WALTON". */
  category: string;
  condition: Condition;
  location: string;
  /** Years of use, free text such as "2". */
  used: string;
  /** The seller's phone number. */
  number: string;
  description: string;
  /** The seller's name. */
  seller: string;
  sellerEmail: string;
  sellerVerify: boolean;
  /** Posted at, e.g. "3:07 PM". */
  time: string;
  /** Posted on, month-day-year, e.g. "11-21-2026". */
  date: string;
  /** "soled" means sold. */
  available: "available" | "soled";
  advertise: boolean;
  /** "reported" once someone reported it. */
  report: "reported" | "";
};

/** POST /api/products body: exactly these fields (unknown ones are refused). */
export type NewProduct = {
  productName: string;
  picture: string;
  sellPrice: number;
  orginalPrice: number;
  category: string;
  condition: Condition;
  location: string;
  used: string;
  number: string;
  description: string;
};

/** The answer of an insert. */
export type Inserted = { acknowledged: boolean; insertedId: string };
/** The answer of an update. */
export type Modified = { acknowledged: boolean; modifiedCount: number };
/** The answer of a delete. */
export type Deleted = { deletedCount: number };

/** POST /api/images answer, shaped like the spec's image host. */
export type UploadedImage = { success: boolean; data: { url: string } };

export const PRODUCTS_KEY = "/api/products";
export const ADVERTISED_KEY = "/api/advertised";
export const USER_PRODUCTS_KEY = "/api/userProducts";
export const REPORT_KEY = "/api/products/report";
export const REPORTED_PRODUCTS_KEY = `${REPORT_KEY}?report=reported`;
export const IMAGES_KEY = "/api/images";

/** The SWR key of one brand's available products. */
export function productsKey(category: string): string {
  return `${PRODUCTS_KEY}?category=${encodeURIComponent(category)}`;
}

/** The SWR key of one seller's products. */
export function userProductsKey(email: string): string {
  return `${USER_PRODUCTS_KEY}?email=${encodeURIComponent(email)}`;
}

/** True for the SWR keys of every product list a write can change. */
export function isProductListKey(key: unknown): boolean {
  return (
    typeof key === "string" &&
    (key.startsWith(`${PRODUCTS_KEY}?`) ||
      key.startsWith(`${REPORT_KEY}?`) ||
      key === ADVERTISED_KEY ||
      key.startsWith(`${USER_PRODUCTS_KEY}?`))
  );
}

/** The spec's client drops sold products from the lists it shows; so do we. */
function availableOnly(list: Product[] | undefined): Product[] | undefined {
  return list?.filter((p) => p.available !== "soled");
}

/** useProducts loads the available products of one brand; pass undefined to wait. */
export function useProducts(category: string | undefined) {
  const res = useSWR<Product[], ApiError>(category ? productsKey(category) : null);
  return { ...res, data: availableOnly(res.data) };
}

/** useAdvertised loads the Urgent Sell products. */
export function useAdvertised() {
  const res = useSWR<Product[], ApiError>(ADVERTISED_KEY);
  return { ...res, data: availableOnly(res.data) };
}

/** useUserProducts loads a seller's own products, sold ones included. */
export function useUserProducts(email: string | undefined) {
  return useSWR<Product[], ApiError>(email ? userProductsKey(email) : null);
}

/** useReportedProducts loads the products someone reported (admin). */
export function useReportedProducts() {
  return useSWR<Product[], ApiError>(REPORTED_PRODUCTS_KEY);
}

/** useRevalidateProducts returns a function that refetches every product list. */
function useRevalidateProducts() {
  const { mutate } = useSWRConfig();
  return () => mutate(isProductListKey);
}

/** useUploadImage uploads one photo and answers its url. */
export function useUploadImage() {
  return useSWRMutation<UploadedImage, ApiError, string, File>(IMAGES_KEY, (path, { arg }) => {
    const form = new FormData();
    form.set("image", arg, arg.name);
    return apiFetch<UploadedImage>(path, { method: "POST", body: form });
  });
}

/** useAddProduct lists a new product (seller). */
export function useAddProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Inserted, ApiError, string, NewProduct>(PRODUCTS_KEY, async (path, { arg }) => {
    const res = await apiFetch<Inserted>(path, { method: "POST", json: arg });
    void revalidate();
    return res;
  });
}

/** useAdvertiseProduct puts one of the seller's products under Urgent Sell. */
export function useAdvertiseProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Modified, ApiError, string, string>(PRODUCTS_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Modified>(`${path}/${encodeURIComponent(id)}`, { method: "PUT" });
    void revalidate();
    return res;
  });
}

/** useDeleteProduct removes a product (its seller, or an admin). */
export function useDeleteProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Deleted, ApiError, string, string>(PRODUCTS_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Deleted>(`${path}/${encodeURIComponent(id)}`, { method: "DELETE" });
    void revalidate();
    return res;
  });
}

/** useReportProduct reports a product as suspicious. */
export function useReportProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Modified, ApiError, string, string>(REPORT_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Modified>(`${path}/${encodeURIComponent(id)}`, { method: "PUT" });
    void revalidate();
    return res;
  });
}

/** useDeleteReportedProduct removes a reported product (admin). */
export function useDeleteReportedProduct() {
  const revalidate = useRevalidateProducts();
  return useSWRMutation<Deleted, ApiError, string, string>(REPORT_KEY, async (path, { arg: id }) => {
    const res = await apiFetch<Deleted>(`${path}/${encodeURIComponent(id)}`, { method: "DELETE" });
    void revalidate();
    return res;
  });
}

// The price guide's reference catalogue (#39): what a laptop costs new is
// taken from the catalogue shipped with the shop, or from a CSV the admin
// uploaded to replace or extend it. GET /api/admin/price-reference says
// which is in use; POST ...?mode= uploads one (every line checked first:
// any bad line refuses the whole file, fields naming "line 7" or "file");
// DELETE goes back to the shipped one; GET .../price-reference.csv
// downloads the catalogue in use.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, apiUpload, type ApiError } from "@/lib/api";

export type ReferenceMode = "replace" | "extend";

/** The catalogue in use. rows counts its laptops (for extend, the shipped ones and the uploaded ones); priced, those with a price. */
export type PriceReference = {
  source: "shipped" | "uploaded";
  mode: ReferenceMode | null;
  rows: number;
  priced: number;
  uploadedRows: number | null;
  uploadedAt: string | null;
  uploadedBy: { _id: string; name: string; email: string } | null;
};

/** An accepted upload: its laptops, those with a price. */
export type ReferenceUpload = { rows: number; priced: number; mode: ReferenceMode; uploadedAt: string };

export const PRICE_REFERENCE_KEY = "/api/admin/price-reference";
export const PRICE_REFERENCE_CSV = "/api/admin/price-reference.csv";

/** How many bad lines a refusal names at most. */
export const MAX_BAD_LINES = 20;

/** The biggest file the server takes (8 MB). */
export const MAX_REFERENCE_BYTES = 8 << 20;

/** usePriceReference loads which catalogue is in use (admin). */
export function usePriceReference() {
  return useSWR<PriceReference, ApiError>(PRICE_REFERENCE_KEY);
}

/** useUploadPriceReference sends a CSV file in a mode; the state is loaded again either way. */
export function useUploadPriceReference() {
  return useSWRMutation<ReferenceUpload, ApiError, string, { file: File; mode: ReferenceMode }>(
    PRICE_REFERENCE_KEY,
    (path, { arg }) => {
      const form = new FormData();
      form.append("file", arg.file);
      return apiUpload<ReferenceUpload>(`${path}?mode=${arg.mode}`, form);
    },
    { populateCache: false, revalidate: true },
  );
}

/** useUseShippedReference removes the upload: the shipped catalogue is used again. */
export function useUseShippedReference() {
  return useSWRMutation<PriceReference, ApiError, string>(PRICE_REFERENCE_KEY, (path) => apiFetch<PriceReference>(path, { method: "DELETE" }), {
    populateCache: true,
    revalidate: false,
  });
}

/**
 * badLines are a refusal's bad lines in file order: [line, what is wrong],
 * line 0 for the whole file ("file").
 */
export function badLines(fields: Record<string, string>): [number, string][] {
  const out: [number, string][] = [];
  for (const [key, message] of Object.entries(fields)) {
    if (key === "file") out.push([0, message]);
    const m = /^line (\d+)$/.exec(key);
    if (m) out.push([Number(m[1]), message]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/**
 * downloadPriceReference fetches the catalogue in use with the admin's
 * token (a plain link would carry none) and hands it to the browser as a
 * file, with the byte order mark a spreadsheet needs to read Bangla.
 */
export async function downloadPriceReference(name: string): Promise<void> {
  const text = await apiFetch<string>(PRICE_REFERENCE_CSV, { headers: { Accept: "text/csv" } });
  const blob = new Blob(["\uFEFF", typeof text === "string" ? text.replace(/^\uFEFF/, "") : ""], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

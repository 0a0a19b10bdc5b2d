// The specs a free-text title names (GET /api/specs/parse, #36): the
// add-product form fills its empty spec fields from them as the seller
// types or pastes the title.
import { useEffect, useState } from "react";
import useSWR from "swr";

/** What a title names; a field it does not name is absent (API.md). */
export type ParsedSpecs = {
  brand?: string;
  processor?: string;
  cpuFamily?: string;
  cpuGeneration?: number;
  ramGb?: number;
  storageGb?: number;
  storageType?: "SSD" | "HDD" | "eMMC";
  gpu?: string;
  screenInches?: number;
};

/** How long typing must pause before the title is read. */
export const PARSE_DELAY_MS = 400;

/** The longest title the API reads (a product's name is at most 200 characters). */
const MAX_TITLE = 200;

/** parseSpecsKey is the SWR key (the API path) of a title's specs. */
export const parseSpecsKey = (title: string) => `/api/specs/parse?title=${encodeURIComponent(title)}`;

/**
 * useParsedSpecs reads the specs `title` names once typing has paused:
 * undefined until then, and for a title too short or too long to read.
 * A failed read is no error to show: the seller fills the fields by hand.
 */
export function useParsedSpecs(title: string): { specs: ParsedSpecs | undefined; title: string } {
  const [settled, setSettled] = useState(title.trim());
  useEffect(() => {
    const id = setTimeout(() => setSettled(title.trim()), PARSE_DELAY_MS);
    return () => clearTimeout(id);
  }, [title]);
  const readable = settled.length >= 2 && settled.length <= MAX_TITLE;
  const { data } = useSWR<ParsedSpecs>(readable ? parseSpecsKey(settled) : null, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { specs: readable ? data : undefined, title: settled };
}

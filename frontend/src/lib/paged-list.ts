// One hook for every id-ordered list the API pages: `limit` rows at a time,
// the next page's address in the answer's Link header.
import { useCallback } from "react";
import useSWRInfinite from "swr/infinite";
import { apiFetchPage, type ApiError, type ApiPage } from "@/lib/api";
import { useEnrolPagedList } from "@/lib/revalidate";

/**
 * usePagedList loads a list a page at a time; pass null to wait. Page 0 is
 * `first`; every later page is the address the page before named in its
 * Link header, followed as it is. Nothing more is fetched until loadMore
 * is called. Each mount refetches the pages loaded before. While mounted,
 * the list is enrolled with useRevalidate, so a write whose hook affects
 * `first` refetches every loaded page in order: pages never reload by hand.
 */
export function usePagedList<T>(first: string | null) {
  const res = useSWRInfinite<ApiPage<T[]>, ApiError>(
    (index, previous: ApiPage<T[]> | null) => (index === 0 ? first : (previous?.next ?? null)),
    (path: string) => apiFetchPage<T[]>(path),
    // Load more costs one request (not a refetch of page 0 too); a list
    // visited again is refetched once on mount instead.
    { revalidateFirstPage: false, revalidateOnMount: true },
  );
  const { data: pages, error, size, setSize, mutate } = res;
  const loaded = pages?.length ?? 0;
  const reload = useCallback(async (): Promise<void> => {
    try {
      await mutate();
    } catch {
      // the hook's error says it; the rows shown stay
    }
  }, [mutate]);
  useEnrolPagedList(first, reload);
  return {
    /** Every loaded page's rows, in order; undefined until the first page is in. */
    data: pages?.flatMap((p) => p.data),
    error,
    /** True until the first page is in. */
    isLoading: first !== null && pages === undefined && !error,
    /** True while a page after the first is on its way. */
    isLoadingMore: loaded > 0 && size > loaded && !error,
    /** The order the server listed the first page in, when it is not the one asked for (see ApiPage). */
    sortedBy: pages?.[0]?.sortedBy ?? null,
    /** True when the last loaded page named a next one. */
    hasMore: loaded > 0 && pages![loaded - 1]!.next !== null,
    /** Asks for the next page, or again for one that failed. */
    loadMore: () => void setSize(loaded + 1),
  };
}

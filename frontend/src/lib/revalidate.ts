// One way to refresh after a write: useRevalidate. SWR's own mutate(filter)
// refetches the plain useSWR keys it matches but skips lists loaded with
// useSWRInfinite (usePagedList), so each paged list on screen also enrols
// its reload here, under the path of its first page, and is reloaded when
// a write affects that path.
import { useCallback, useEffect } from "react";
import { useSWRConfig, type Cache } from "swr";

/** Picks, by SWR key (an API path), what a write changed. */
export type Affects = (key: string) => boolean;

type Enrolled = { first: string; reload: () => Promise<void> };

// Per SWR cache, so two apps (or two tests) never reload each other's lists.
const enrolled = new WeakMap<Cache, Set<Enrolled>>();

function listsOf(cache: Cache): Set<Enrolled> {
  let lists = enrolled.get(cache);
  if (!lists) {
    lists = new Set();
    enrolled.set(cache, lists);
  }
  return lists;
}

/**
 * useEnrolPagedList keeps a mounted paged list's reload where useRevalidate
 * finds it; `first` is the list's first page (null: nothing loaded).
 */
export function useEnrolPagedList(first: string | null, reload: () => Promise<void>): void {
  const { cache } = useSWRConfig();
  useEffect(() => {
    if (first === null) return;
    const lists = listsOf(cache);
    const entry: Enrolled = { first, reload };
    lists.add(entry);
    return () => {
      lists.delete(entry);
    };
  }, [cache, first, reload]);
}

/**
 * useRevalidate returns a function that refetches everything `affects`
 * picks: plain SWR keys, and every paged list on screen whose first page
 * it picks (all its loaded pages, in order). It resolves once they are in;
 * a failed refetch shows as its hook's error, never here. `affects` should
 * be a module-level function (it is a dependency of the callback).
 */
export function useRevalidate(affects: Affects): () => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async () => {
    const reloads = [...listsOf(cache)].filter((l) => affects(l.first)).map((l) => l.reload());
    await Promise.allSettled([mutate((key) => typeof key === "string" && affects(key)), ...reloads]);
  }, [affects, cache, mutate]);
}

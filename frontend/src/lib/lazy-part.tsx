// A part of a page in its own chunk, shown once loaded: like React.lazy, but
// without a Suspense boundary, its fallback in place until the chunk comes
// (a box of the same size keeps the layout still), and loadable ahead.
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from "react";

export type LazyPart<P extends object> = ComponentType<P> & {
  /** Fetches the chunk (once); resolves when the part can show. */
  preload: () => Promise<unknown>;
};

/**
 * lazyPart makes a component that shows `fallback` until load()'s default
 * export has arrived; a fallback that depends on the props (a tile's
 * skeleton of the tile's variant) is a function of them.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m.default),
      (err: unknown) => {
        loading = null; // offline for a moment: the next mount tries again
        throw err;
      },
    ));
  function Part(props: P) {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (!loaded) preload().then(() => setReady(true), () => {});
    }, []);
    if (loaded) return createElement(loaded, props);
    return typeof fallback === "function" ? fallback(props) : fallback;
  }
  return Object.assign(Part, { preload });
}

import { useEffect, useRef, useState } from "react";

/**
 * useNearViewport tells when an element first comes within margin of the
 * screen, so work for the lower parts of a long page (fetching a brand's
 * laptops, drawing their cards) waits until someone scrolls towards them.
 * Without IntersectionObserver it says yes at once.
 */
export function useNearViewport<T extends Element>(margin = "600px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

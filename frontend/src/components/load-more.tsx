import { useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n";

type LoadMoreProps = {
  hasMore: boolean;
  /** True while the next page is on its way. */
  loading: boolean;
  /** Set when the last request for more failed. */
  failed: boolean;
  onLoadMore: () => void;
  /** Said when the last request failed; the laptop lists' text by default. */
  failedText?: string;
};

/**
 * The Load more button under a paged list: product cards or a dashboard
 * table. After the visitor has pressed it once, it also presses itself
 * whenever it scrolls into view, one page at a time; before that the
 * footer stays reachable.
 */
export function LoadMore({ hasMore, loading, failed, onLoadMore, failedText }: LoadMoreProps) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const [auto, setAuto] = useState(false);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  // A fresh observer after each page: if the button is still in view, the
  // first callback loads the next one; otherwise it waits for the scroll.
  useEffect(() => {
    const el = button.current;
    if (!auto || !hasMore || loading || failed || !el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          latest.current();
        }
      },
      { rootMargin: "0px 0px 300px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [auto, hasMore, loading, failed]);

  if (!hasMore) return null;
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      {failed && (
        <p role="alert" className="text-sm text-error">
          {failedText ?? t("We couldn't load more laptops. Please try again.")}
        </p>
      )}
      <button
        ref={button}
        type="button"
        className="btn btn-outline btn-primary min-w-40"
        disabled={loading}
        aria-busy={loading}
        onClick={() => {
          setAuto(true);
          onLoadMore();
        }}
      >
        {loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {failed ? t("Try again") : t("Load more")}
      </button>
    </div>
  );
}

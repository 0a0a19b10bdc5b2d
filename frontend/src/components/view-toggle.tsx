import type { ReactNode } from "react";
import { LISTING_VIEWS, useListingView, useWideScreen, type ListingView } from "@/lib/listing-view";
import { useT, type MessageKey } from "@/lib/i18n";

const LABELS: Record<ListingView, MessageKey> = { list: "List", grid: "Grid", card: "Full cards" };

const ICONS: Record<ListingView, ReactNode> = {
  list: (
    <>
      <rect x="3" y="4" width="6" height="6" rx="1" />
      <rect x="3" y="14" width="6" height="6" rx="1" />
      <path strokeLinecap="round" d="M12 6h9M12 9h6M12 16h9M12 19h6" />
    </>
  ),
  grid: (
    <>
      <rect x="3" y="3" width="8" height="8" rx="1" />
      <rect x="13" y="3" width="8" height="8" rx="1" />
      <rect x="3" y="13" width="8" height="8" rx="1" />
      <rect x="13" y="13" width="8" height="8" rx="1" />
    </>
  ),
  card: (
    <>
      <rect x="3" y="3" width="18" height="11" rx="1" />
      <path strokeLinecap="round" d="M3 18h18M3 21h12" />
    </>
  ),
};

/**
 * ViewToggle is the phone's choice of how laptops are listed (#37): rows,
 * a two-column grid or the full cards. Three toggle buttons (aria-pressed)
 * in a group; the choice is remembered on the device. Not drawn from md
 * up, where the full cards are always shown.
 */
export function ViewToggle({ className = "" }: { className?: string }) {
  const t = useT();
  const [view, setView] = useListingView();
  if (useWideScreen()) return null;
  return (
    <div role="group" aria-label={t("Show laptops as")} className={`join shrink-0 md:hidden ${className}`}>
      {LISTING_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          className={`btn join-item btn-sm h-11 min-h-11 w-11 px-0 ${view === v ? "btn-primary" : "btn-ghost border-base-300 bg-base-100"}`}
          aria-pressed={view === v}
          aria-label={t(LABELS[v])}
          title={t(LABELS[v])}
          onClick={() => setView(v)}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            {ICONS[v]}
          </svg>
        </button>
      ))}
    </div>
  );
}

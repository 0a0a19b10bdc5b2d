import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { ProductQuery } from "@/api/products";
import { savedQuery } from "@/api/saved-searches";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";

// the dialog (and its texts' work) loads when it is first opened
const SaveSearchDialog = lazy(() => import("@/components/save-search-dialog"));

/** BellPlusIcon: a bell, for being told of new laptops. */
function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9Zm4.3 13a1.9 1.9 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * SaveSearchButton is "Save this search" on the search and category pages:
 * it keeps the filters shown (query) so that new laptops matching them are
 * told in the bell. A visitor is sent to log in and comes back to the same
 * address; with no filter at all there is nothing to save.
 */
export function SaveSearchButton({ query, className = "" }: { query: ProductQuery | null; className?: string }) {
  const t = useT();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const saved = query ? savedQuery(query) : "";
  const filtered = saved.split("&").some((p) => p !== "" && !p.startsWith("sort="));
  if (!query || !filtered) return null;

  function onClick() {
    if (!user) {
      void navigate("/login", { state: { from: location, reason: "savedSearch" } });
      return;
    }
    setOpen(true);
  }

  return (
    <>
      <button type="button" className={`btn btn-sm btn-outline btn-primary gap-2 ${className}`} onClick={onClick}>
        <BellIcon />
        {t("Save this search")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog query={saved} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

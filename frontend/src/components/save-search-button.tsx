import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import type { ProductQuery } from "@/api/products";
import { savedQuery, useSavedSearches } from "@/api/saved-searches";
import { useResumeAction } from "@/components/resume-action";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { pathOf, rememberAction } from "@/lib/pending-action";
import { searchKey } from "@/lib/saved-search";
import { notify } from "@/lib/toast";

// the dialog (and its texts' work) loads when it is first opened
const SaveSearchDialog = lazy(() => import("@/components/save-search-dialog"));

/** The page that lists, and deletes, the saved searches. */
export const SAVED_SEARCHES_PAGE = "/dashboard/saved-searches";

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
 * address, where the dialog opens; with no filter at all there is nothing
 * to save. A search kept already (the same filters as the server compares
 * them) reads "Saved ✓ · Manage" and leads to the saved searches.
 */
export function SaveSearchButton({ query, className = "" }: { query: ProductQuery | null; className?: string }) {
  const t = useT();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data: list } = useSavedSearches(user !== null);
  const saved = query ? savedQuery(query) : "";
  const key = searchKey(saved);
  const filtered = key !== "";
  const kept = filtered && list?.some((s) => searchKey(s.query) === key) === true;

  // back from logging in to save this search: the dialog opens (or it is saved already)
  useResumeAction(
    filtered && list !== undefined,
    (a) => a.action === "savedSearch",
    () => {
      if (kept) notify("success", t("This search is saved already."));
      else setOpen(true);
    },
  );

  if (!query || !filtered) return null;

  function onClick() {
    if (!user) {
      rememberAction("savedSearch", pathOf(location));
      void navigate("/login", { state: { from: location, reason: "savedSearch" } });
      return;
    }
    setOpen(true);
  }

  return (
    <>
      {kept ? (
        <Link
          to={SAVED_SEARCHES_PAGE}
          className={`btn btn-sm btn-soft btn-success gap-2 ${className}`}
          aria-label={t("This search is saved: manage your saved searches")}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
          <span aria-hidden="true">
            {t("Saved")} · <span className="underline underline-offset-2">{t("Manage")}</span>
          </span>
        </Link>
      ) : (
        <button type="button" className={`btn btn-sm btn-outline btn-primary gap-2 ${className}`} onClick={onClick}>
          <BellIcon />
          {t("Save this search")}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog query={saved} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

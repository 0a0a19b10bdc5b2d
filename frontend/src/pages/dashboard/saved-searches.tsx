import { Link } from "react-router-dom";
import { useDeleteSavedSearch, useSavedSearches, type SavedSearch } from "@/api/saved-searches";
import { useConfirm } from "@/components/confirm-dialog";
import { formatDateTime } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { describeSearch } from "@/lib/saved-search";
import { usePageTitle } from "@/lib/title";
import { notify } from "@/lib/toast";

/**
 * /dashboard/saved-searches (everyone signed in): the searches kept with
 * "Save this search", each in words with how often it tells, a link that
 * runs it and a Delete that asks first.
 */
export default function SavedSearches() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Saved searches"));
  const { data: searches, error, isLoading } = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [confirm, dialog] = useConfirm();

  async function onDelete(s: SavedSearch, words: string) {
    const yes = await confirm({ message: t("Delete this saved search?"), detail: words, confirmLabel: t("Delete"), danger: true });
    if (!yes) return;
    try {
      await remove(s._id);
      notify("success", t("Saved search deleted."));
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not delete the saved search. Please try again."));
    }
  }

  let body;
  if (isLoading) {
    body = <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={t("Loading saved searches")} />;
  } else if (error && !searches) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your saved searches. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!searches || searches.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center">
        <p className="font-semibold text-base-content/70">{t("No saved searches yet")}</p>
        <p className="text-sm text-base-content/60">{t("Search or open a brand, choose your filters and tap “Save this search”. We tell you when new laptops match.")}</p>
        <Link to="/search" className="btn btn-primary btn-sm">
          {t("Search laptops")}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {searches.map((s) => {
          const parts = describeSearch(s.query, t, locale);
          const words = parts.join(" · ");
          return (
            <li key={s._id} className="flex flex-col gap-3 rounded-box bg-base-100 p-4 shadow-sm ring-1 ring-base-300/60 sm:flex-row sm:items-center" aria-label={words}>
              <div className="min-w-0 flex-1 space-y-2">
                <p className="font-semibold break-words">{words}</p>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
                  <span className={`badge badge-sm ${s.frequency === "instant" ? "badge-primary" : "badge-secondary"} badge-soft`}>
                    {s.frequency === "instant" ? t("At once") : t("Daily digest")}
                  </span>
                  <span>{t("Saved {date}", { date: formatDateTime(s.createdAt, locale) })}</span>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link to={`/search?${s.query}`} className="btn btn-sm btn-primary btn-outline" aria-label={t("Run search: {what}", { what: words })}>
                  {t("Run search")}
                </Link>
                <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => void onDelete(s, words)} aria-label={t("Delete saved search: {what}", { what: words })}>
                  {t("Delete")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="space-y-4" aria-labelledby="saved-searches-title">
      <div className="space-y-1">
        <h1 id="saved-searches-title" className="text-2xl font-bold">
          {t("Saved searches")}
        </h1>
        <p className="text-sm text-base-content/70">{t("We tell you about new laptops that match, at once or in a daily digest. At most 50.")}</p>
      </div>
      {body}
      {dialog}
    </section>
  );
}

import { useMailFailures } from "@/api/notifications";
import { LoadMore } from "@/components/load-more";
import { PageSpinner } from "@/components/page-spinner";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** /dashboard/mail (admin): emails the shop could not deliver, so a person can act on them. */
export default function MailFailures() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Mail problems"));
  const list = useMailFailures();
  const { data: failures, error } = list;

  if (error && !failures) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the mail problems. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!failures) return <PageSpinner />;

  return (
    <section className="space-y-6" aria-labelledby="mail-title">
      <div>
        <h1 id="mail-title" className="text-2xl font-bold sm:text-3xl">
          {t("Mail problems")}
        </h1>
        <p className="mt-1 text-base-content/70">{t("Emails that could not be delivered. Those still failing are tried again for 24 hours.")}</p>
      </div>

      {failures.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-base-content/70">{t("No mail problems")}</p>
          <p className="text-sm text-base-content/60">{t("Every email went out.")}</p>
        </div>
      ) : (
        <div className="table-cards-wrap overflow-x-auto rounded-box bg-base-100 shadow-sm">
          <table className="table-cards table">
            <thead>
              <tr>
                <th scope="col">{t("When")}</th>
                <th scope="col">{t("To")}</th>
                <th scope="col">{t("Kind")}</th>
                <th scope="col">{t("Attempts")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Error")}</th>
              </tr>
            </thead>
            <tbody>
              {failures.map((f) => (
                <tr key={`${f.source}-${f._id}`}>
                  <td data-label={t("When")} className="whitespace-nowrap">
                    {formatDateTime(f.createdAt, locale)}
                  </td>
                  <td data-label={t("To")} className="break-all">
                    {f.to}
                  </td>
                  <td data-label={t("Kind")}>
                    <code className="text-sm">{f.kind}</code>
                  </td>
                  <td data-label={t("Attempts")}>{formatNumber(f.attempts, locale)}</td>
                  <td data-label={t("Status")}>
                    {f.gaveUpAt ? (
                      <span className="badge badge-error badge-soft">{t("Gave up")}</span>
                    ) : (
                      <span className="badge badge-warning">{t("Retrying")}</span>
                    )}
                  </td>
                  <td data-label={t("Error")} className="max-w-md break-words text-sm text-base-content/80">
                    {f.error}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        failed={list.error !== undefined && failures !== undefined}
        onLoadMore={list.loadMore}
        failedText={t("We couldn't load more. Please try again.")}
      />
    </section>
  );
}

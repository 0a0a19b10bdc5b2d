import { useAudit, type AuditAction, type AuditEntry } from "@/api/moderation";
import { LoadMore } from "@/components/load-more";
import { PageSpinner } from "@/components/page-spinner";
import { formatDateTime } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

const ACTION_TEXT: Record<AuditAction, MessageKey> = {
  seller_verified: "Verified a seller",
  seller_unverified: "Took a seller's verification away",
  user_deleted: "Deleted a user",
  product_deleted: "Deleted a product",
  reported_product_deleted: "Deleted a reported product",
  reports_dismissed: "Dismissed the reports of a product",
  advertising_stopped: "Stopped an advertisement",
  category_created: "Added a category",
  category_deleted: "Deleted a category",
  review_removed: "Removed a review", // #20 sellers and reviews
  // #32 moderation
  product_hidden: "Hid a listing until it is edited",
  user_warned: "Warned a user",
  user_suspended: "Suspended a user",
};

/** /dashboard/audit (admin): every admin action, newest first: who, what, whom, when. */
export default function Audit() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Audit log"));
  const list = useAudit();
  const { data: entries, error } = list;

  function detail(e: AuditEntry): string {
    if (e.detail.reason && e.detail.until) {
      return t("Until {date}. Reason: {reason}", { date: formatDateTime(e.detail.until, locale), reason: e.detail.reason });
    }
    if (e.detail.reason) return t("Reason: {reason}", { reason: e.detail.reason });
    if (e.detail.reports !== undefined) return t("{count} reports", { count: e.detail.reports });
    return "";
  }

  if (error && !entries) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the audit log. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!entries) return <PageSpinner />;

  return (
    <section className="space-y-6" aria-labelledby="audit-title">
      <div>
        <h1 id="audit-title" className="text-2xl font-bold sm:text-3xl">
          {t("Audit log")}
        </h1>
        <p className="mt-1 text-base-content/70">{t("What admins did, and to whom. Names are kept as they were, even after an account is deleted.")}</p>
      </div>

      {entries.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-base-content/70">{t("No admin actions yet")}</p>
        </div>
      ) : (
        <div className="table-cards-wrap overflow-x-auto rounded-box bg-base-100 shadow-sm">
          <table className="table-cards table">
            <thead>
              <tr>
                <th scope="col">{t("When")}</th>
                <th scope="col">{t("Who")}</th>
                <th scope="col">{t("What")}</th>
                <th scope="col">{t("Whom")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e._id}>
                  <td data-label={t("When")} className="whitespace-nowrap">
                    {formatDateTime(e.createdAt, locale)}
                  </td>
                  <td data-label={t("Who")}>{e.adminName}</td>
                  <td data-label={t("What")}>
                    <div>{e.action in ACTION_TEXT ? t(ACTION_TEXT[e.action]) : e.action}</div>
                    {detail(e) && <div className="text-sm break-words text-base-content/70">{detail(e)}</div>}
                  </td>
                  <td data-label={t("Whom")} className="break-words">
                    {e.targetLabel}
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
        failed={list.error !== undefined && entries !== undefined}
        onLoadMore={list.loadMore}
        failedText={t("We couldn't load more. Please try again.")}
      />
    </section>
  );
}

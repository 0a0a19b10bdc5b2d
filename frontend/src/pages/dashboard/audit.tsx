import { useAudit, type AuditAction, type AuditEntry } from "@/api/moderation";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { formatDateTime, formatTk } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { useLedgerText } from "@/pages/dashboard/ledger";

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
  payout_recorded: "Recorded a payout", // #34 the ledger
};

/** /dashboard/audit (admin): every admin action, newest first: who, what, whom, when. */
export default function Audit() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Audit log"));
  const ledger = useLedgerText();
  const list = useAudit();

  function detail(e: AuditEntry): string {
    if (e.detail.reason && e.detail.until) {
      return t("Until {date}. Reason: {reason}", { date: formatDateTime(e.detail.until, locale), reason: e.detail.reason });
    }
    if (e.detail.amount !== undefined) {
      return t("{amount} by {method}, reference {reference}", {
        amount: formatTk(e.detail.amount, locale),
        method: ledger.method(e.detail.method ?? ""),
        reference: e.detail.reference ?? "",
      });
    }
    if (e.detail.reason) return t("Reason: {reason}", { reason: e.detail.reason });
    if (e.detail.reports !== undefined) return e.detail.reports === 1 ? t("1 report") : t("{count} reports", { count: e.detail.reports });
    return "";
  }

  return (
    <ListPage
      titleId="audit-title"
      title={t("Audit log")}
      intro={<p className="mt-1 text-base-content/70">{t("What admins did, and to whom. Names are kept as they were, even after an account is deleted.")}</p>}
    >
      <DataList
        list={list}
        rowKey={(e) => e._id}
        loadError={<span>{t("We couldn't load the audit log. Please refresh the page in a moment.")}</span>}
        empty={<EmptyState title={t("No admin actions yet")} />}
        columns={[
          { header: t("When"), className: "whitespace-nowrap", cell: (e) => formatDateTime(e.createdAt, locale) },
          { header: t("Who"), cell: (e) => e.adminName },
          {
            header: t("What"),
            cell: (e) => (
              <>
                <div>{e.action in ACTION_TEXT ? t(ACTION_TEXT[e.action]) : e.action}</div>
                {detail(e) && <div className="text-sm break-words text-base-content/70">{detail(e)}</div>}
              </>
            ),
          },
          { header: t("Whom"), className: "break-words", cell: (e) => e.targetLabel },
        ]}
      />
    </ListPage>
  );
}

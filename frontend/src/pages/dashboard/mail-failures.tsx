import { useMailFailures } from "@/api/notifications";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** /dashboard/mail (admin): emails the shop could not deliver, so a person can act on them. */
export default function MailFailures() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Mail problems"));
  const list = useMailFailures();

  return (
    <ListPage
      titleId="mail-title"
      title={t("Mail problems")}
      intro={<p className="mt-1 text-base-content/70">{t("Emails that could not be delivered. Those still failing are tried again for 24 hours.")}</p>}
    >
      <DataList
        list={list}
        rowKey={(f) => `${f.source}-${f._id}`}
        loadError={<span>{t("We couldn't load the mail problems. Please refresh the page in a moment.")}</span>}
        empty={<EmptyState title={t("No mail problems")}>{t("Every email went out.")}</EmptyState>}
        columns={[
          { header: t("When"), className: "whitespace-nowrap", cell: (f) => formatDateTime(f.createdAt, locale) },
          { header: t("To"), className: "break-all", cell: (f) => f.to },
          { header: t("Kind"), cell: (f) => <code className="text-sm">{f.kind}</code> },
          { header: t("Attempts"), cell: (f) => formatNumber(f.attempts, locale) },
          {
            header: t("Status"),
            cell: (f) =>
              f.gaveUpAt ? <span className="badge badge-error badge-soft">{t("Gave up")}</span> : <span className="badge badge-warning">{t("Retrying")}</span>,
          },
          { header: t("Error"), className: "max-w-md break-words text-sm text-base-content/80", cell: (f) => f.error },
        ]}
      />
    </ListPage>
  );
}

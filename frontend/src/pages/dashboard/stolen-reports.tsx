import { useState } from "react";
import { useAdminStolen, useDecideStolen, type StolenReport } from "@/api/checks";
import { useConfirm } from "@/components/confirm-dialog";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { RowAction } from "@/components/row-action";
import { maskedSerial } from "@/components/check-report";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { notify } from "@/lib/toast";
import { usePageTitle } from "@/lib/title";

const STATUS: Record<StolenReport["status"], [MessageKey, string]> = {
  pending: ["Waiting", "badge-warning"],
  confirmed: ["Confirmed", "badge-error badge-soft"],
  rejected: ["Rejected", "badge-ghost"],
};

/**
 * /dashboard/stolen (admin): laptops people registered as stolen (#40),
 * with the police General Diary number to verify; a confirmed serial hides
 * every listing whose checked laptop carries it.
 */
export default function StolenReports() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Stolen laptops"));
  const stolen = useAdminStolen();
  const list = { data: stolen.data?.registrations, error: stolen.error };
  const decide = useDecideStolen();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, dialog] = useConfirm();

  async function onDecide(r: StolenReport, decision: "confirm" | "reject") {
    const yes = await confirm(
      decision === "confirm"
        ? { message: t("Confirm {serial} as stolen?", { serial: maskedSerial(r.serialLast4) }), detail: t("Listings of a checked laptop with this serial are hidden from the shop."), confirmLabel: t("Confirm stolen"), danger: true }
        : { message: t("Reject the registration of {serial}?", { serial: maskedSerial(r.serialLast4) }), confirmLabel: t("Reject") },
    );
    if (!yes) return;
    setBusy(r.id);
    try {
      const done = await decide.trigger({ id: r.id, decision });
      notify("success", decision === "confirm" ? t("Registered as stolen. Listings hidden: {n}.", { n: done.hidden ?? 0 }) : t("Registration rejected."));
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Something went wrong. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ListPage
      titleId="stolen-title"
      title={t("Stolen laptops")}
      intro={<p className="mt-1 text-base-content/70">{t("Check the General Diary number with the police station before you confirm.")}</p>}
    >
      <DataList
        list={list}
        rowKey={(r) => r.id}
        loadError={<span>{t("We couldn't load the stolen laptops. Please refresh the page in a moment.")}</span>}
        empty={<EmptyState title={t("No stolen laptops registered")}>{t("Registrations appear here for you to confirm.")}</EmptyState>}
        columns={[
          { header: t("Serial number"), className: "whitespace-nowrap", cell: (r) => <span className="font-mono">{maskedSerial(r.serialLast4)}</span> },
          { header: t("General Diary (GD) number"), className: "break-words", cell: (r) => r.policeReport },
          {
            header: t("Registered by"),
            className: "break-words",
            cell: (r) => r.reporter,
          },
          { header: t("Checked listings"), cell: (r) => formatNumber(r.listings ?? 0, locale) },
          { header: t("When"), className: "whitespace-nowrap", cell: (r) => formatDateTime(r.createdAt, locale) },
          { header: t("Status"), cell: (r) => <span className={`badge ${STATUS[r.status][1]}`}>{t(STATUS[r.status][0])}</span> },
          {
            header: t("Actions"),
            label: false,
            cell: (r) =>
              r.status === "pending" ? (
                <div className="flex flex-wrap gap-2">
                  <RowAction text={t("Confirm stolen")} label={t("Confirm stolen: {serial}", { serial: maskedSerial(r.serialLast4) })} tone="delete" busy={busy === r.id} disabled={busy !== null} onClick={() => void onDecide(r, "confirm")} />
                  <RowAction text={t("Reject")} label={t("Reject: {serial}", { serial: maskedSerial(r.serialLast4) })} tone="outline" busy={false} disabled={busy !== null} onClick={() => void onDecide(r, "reject")} />
                </div>
              ) : null,
          },
        ]}
      />
      {dialog}
    </ListPage>
  );
}

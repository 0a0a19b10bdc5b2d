import { useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import { PRODUCT_REPORT_REASONS } from "@/api/moderation";
import { useStopAdvertising } from "@/api/product-sale";
import { useDeleteReportedProduct, useDismissReports, useHideProduct, useReportedProducts, type ReportedProduct } from "@/api/products";
import { useSuspendUser, useWarnUser, type SuspensionDays } from "@/api/users";
import { VerifiedBadge } from "@/components/product-parts";
import { useConfirm } from "@/components/confirm-dialog";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import {
  HideProductDialog,
  RemoveProductDialog,
  SuspendUserDialog,
  useProductReportReasonText,
  WarnUserDialog,
} from "@/components/moderation-dialogs";
import { RowAction, RowActions } from "@/components/row-action";
import { formatDateTime, formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/**
 * /dashboard/repotedproducts (admin): listings people reported, each with
 * its reports (how many, for which reasons, by whom, with their notes).
 * The name and photo open the ad (an admin sees a hidden one too), the
 * seller's name their page. Delete takes the listing out with a reason the
 * seller is told; Hide takes it out until the seller edits it; Warn and
 * Suspend act on the seller's account, each with a reason (#32); Dismiss
 * clears the reports and the listing stays; Stop advertising takes an
 * advertised one out of Urgent Sell (the audit log records each).
 */
type Acting = { kind: "remove" | "hide" | "warn" | "suspend"; p: ReportedProduct } | null;

export default function ReportedProducts() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Reported Products"));
  const list = useReportedProducts();
  const products = list.data;
  const remove = useDeleteReportedProduct();
  const dismiss = useDismissReports();
  const stopAdvertising = useStopAdvertising();
  const [confirm, confirmDialog] = useConfirm();
  const hide = useHideProduct();
  const warn = useWarnUser();
  const suspend = useSuspendUser();
  const [acting, setActing] = useState<Acting>(null);
  const removing = acting?.kind === "remove" ? acting.p : null;
  const [busy, setBusy] = useState<string | null>(null);

  /** act runs a dialog's action on a row: a toast either way; a refusal keeps the dialog open. */
  async function act(p: ReportedProduct, run: () => Promise<unknown>, done: string, failed: string) {
    setBusy(p._id);
    try {
      await run();
      setActing(null);
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : failed);
      throw err;
    } finally {
      setBusy(null);
    }
  }

  const onRemove = (p: ReportedProduct, reason: string) =>
    act(p, () => remove.trigger({ id: p._id, reason }), t("Delete Success"), t("Could not delete this product"));
  const onHide = (p: ReportedProduct, reason: string) =>
    act(p, () => hide.trigger({ id: p._id, reason }), t("Listing hidden until the seller edits it"), t("Could not hide this listing"));
  const onWarn = (p: ReportedProduct, reason: string) =>
    act(p, () => warn.trigger({ id: p.sellerId, reason }), t("Warning sent to {name}", { name: p.seller }), t("Could not warn this seller"));
  const onSuspend = (p: ReportedProduct, reason: string, days: SuspensionDays) =>
    act(p, () => suspend.trigger({ id: p.sellerId, reason, days }), t("{name} is suspended", { name: p.seller }), t("Could not suspend this seller"));

  async function onDismiss(p: ReportedProduct) {
    const yes = await confirm({
      message: t("Dismiss the reports of this product?"),
      detail: t("{name} stays in the shop and leaves this list.", { name: p.productName }),
      confirmLabel: t("Dismiss"),
    });
    if (!yes) return;
    setBusy(p._id);
    try {
      await dismiss.trigger(p._id);
      toast.success(t("Reports dismissed"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not dismiss the reports"));
    } finally {
      setBusy(null);
    }
  }

  async function onStopAdvertising(p: ReportedProduct) {
    const yes = await confirm({
      message: t("Stop advertising this product?"),
      detail: t("{name} leaves Urgent Sell now and stays in the shop. The audit log records it.", { name: p.productName }),
      confirmLabel: t("Stop advertising"),
      danger: true,
    });
    if (!yes) return;
    setBusy(p._id);
    try {
      await stopAdvertising.trigger(p._id);
      toast.success(t("Advertising stopped"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not stop advertising this product"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ListPage
      titleId="reported-title"
      title={products ? t("Reported Products: {count}", { count: products.length }) : t("Reported Products")}
      intro={
        <>
          <p className="mt-1 text-base-content/70">{t("Listings that people reported as suspicious. Deleting one removes it from the shop.")}</p>
          <p className="mt-1 text-sm text-base-content/60">
            {t("Open the ad or the seller's page before you act. Hide, Warn, Suspend and Delete each tell the person your reason.")}
          </p>
        </>
      }
    >
      <DataList
        list={list}
        rowKey={(p) => p._id}
        numbered
        loadError={<span>{t("We couldn't load the reported products. Please refresh the page in a moment.")}</span>}
        empty={<EmptyState title={t("No Reported Product")}>{t("Nothing to review right now.")}</EmptyState>}
        columns={[
          {
            header: t("ProductName"),
            label: false,
            // wide enough for the photo and a two-line name, so a long shop name beside it cannot squeeze it
            className: "md:min-w-60",
            cell: (p) => (
              <div className="flex items-center gap-3">
                <Link to={`/product/${p._id}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
                  <img src={p.picture} alt="" loading="lazy" className="h-10 w-14 rounded object-cover" />
                </Link>
                {/* the whole name, on up to two lines: the 25-character cut is My Products' */}
                <div className="min-w-0">
                  <Link
                    to={`/product/${p._id}`}
                    className="link link-hover line-clamp-2 font-medium break-words md:min-w-40"
                    title={p.productName}
                  >
                    {p.productName}
                  </Link>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {p.advertise && <span className="badge badge-accent badge-sm whitespace-nowrap">{t("Urgent Sell")}</span>}
                    {p.hiddenReason !== undefined && (
                      <span className="badge badge-warning badge-sm whitespace-nowrap">{t("Hidden until edited")}</span>
                    )}
                    {p.stolen && <span className="badge badge-error badge-sm whitespace-nowrap">{t("Registered as stolen")}</span>}
                  </div>
                </div>
              </div>
            ),
          },
          {
            header: t("Seller"),
            cell: (p) => (
              <div className="min-w-0 max-md:text-end">
                {/* a long shop name wraps inside its column rather than running over the product's */}
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 max-md:justify-end">
                  <Link to={`/seller/${p.sellerId}`} className="link link-hover break-words md:max-w-56" aria-label={t("{name}'s seller page", { name: p.seller })}>
                    {p.seller}
                  </Link>
                  {p.sellerVerify && <VerifiedBadge />}
                </div>
                <div className="text-xs break-all text-base-content/60">{p.sellerEmail}</div>
              </div>
            ),
          },
          { header: t("Price"), className: "font-semibold md:whitespace-nowrap", cell: (p) => formatTk(p.sellPrice, locale) },
          { header: t("Reports"), cell: (p) => <ReportSummary p={p} /> },
          {
            header: t("Delete"),
            cell: (p) => (
              <RowActions>
                <RowAction
                  text={t("Dismiss")}
                  label={t("Dismiss the reports of {name}", { name: p.productName })}
                  tone="outline"
                  busy={busy === p._id && !acting}
                  disabled={busy !== null}
                  onClick={() => void onDismiss(p)}
                />
                {p.advertise && (
                  <RowAction
                    text={t("Stop advertising")}
                    label={t("Stop advertising {name}", { name: p.productName })}
                    tone="outline"
                    busy={busy === p._id && !acting}
                    disabled={busy !== null}
                    onClick={() => void onStopAdvertising(p)}
                  />
                )}
                <RowAction
                  text={t("Hide")}
                  label={t("Hide {name} until it is edited", { name: p.productName })}
                  tone="outline"
                  busy={busy === p._id && acting?.kind === "hide"}
                  disabled={busy !== null || p.hiddenReason !== undefined}
                  reason={p.hiddenReason !== undefined ? t("Hidden until the seller edits it") : undefined}
                  onClick={() => setActing({ kind: "hide", p })}
                />
                <RowAction
                  text={t("Warn seller")}
                  label={`${t("Warn seller")} (${p.seller})`}
                  tone="outline"
                  busy={busy === p._id && acting?.kind === "warn"}
                  disabled={busy !== null}
                  onClick={() => setActing({ kind: "warn", p })}
                />
                <RowAction
                  text={t("Suspend seller")}
                  label={`${t("Suspend seller")} (${p.seller})`}
                  tone="delete"
                  busy={busy === p._id && acting?.kind === "suspend"}
                  disabled={busy !== null}
                  onClick={() => setActing({ kind: "suspend", p })}
                />
                <RowAction
                  text={t("Delete")}
                  label={t("Delete {name}", { name: p.productName })}
                  tone="delete-solid"
                  busy={busy === p._id && removing !== null}
                  disabled={busy !== null}
                  onClick={() => setActing({ kind: "remove", p })}
                />
              </RowActions>
            ),
          },
        ]}
      />
      {confirmDialog}
      {removing && (
        <RemoveProductDialog
          productName={removing.productName}
          seller={removing.seller}
          onClose={() => setActing(null)}
          onRemove={(reason) => onRemove(removing, reason)}
        />
      )}
      {acting?.kind === "hide" && (
        <HideProductDialog
          productName={acting.p.productName}
          seller={acting.p.seller}
          onClose={() => setActing(null)}
          onHide={(reason) => onHide(acting.p, reason)}
        />
      )}
      {acting?.kind === "warn" && <WarnUserDialog name={acting.p.seller} onClose={() => setActing(null)} onWarn={(reason) => onWarn(acting.p, reason)} />}
      {acting?.kind === "suspend" && (
        <SuspendUserDialog
          name={acting.p.seller}
          onClose={() => setActing(null)}
          onSuspend={(reason, days) => onSuspend(acting.p, reason, days)}
        />
      )}
    </ListPage>
  );
}

/** A product's reports: the count, each reason's count, and who said what. */
function ReportSummary({ p }: { p: ReportedProduct }) {
  const { t, locale } = useLanguage();
  const reasonText = useProductReportReasonText();
  const reasons = PRODUCT_REPORT_REASONS.filter((r) => (p.reasons?.[r] ?? 0) > 0);
  return (
    <div className="min-w-48 space-y-2 max-md:text-end">
      <p className="font-semibold">{p.reportCount === 1 ? t("1 report") : t("{count} reports", { count: p.reportCount ?? 0 })}</p>
      <ul className="flex flex-wrap gap-1 max-md:justify-end" aria-label={t("Reasons")}>
        {reasons.map((r) => (
          <li key={r} className="badge badge-outline whitespace-nowrap">
            {t("{reason}: {count}", { reason: reasonText(r), count: p.reasons[r] ?? 0 })}
          </li>
        ))}
      </ul>
      {(p.reports?.length ?? 0) > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-base-content/70">{t("Who reported it")}</summary>
          <ul className="mt-2 space-y-2 text-start">
            {p.reports.map((r, i) => (
              <li key={i} className="rounded bg-base-200/60 p-2">
                <p>
                  <span className="font-medium">{r.reporter}</span> · {reasonText(r.reason)}
                </p>
                {r.note && <p className="break-words whitespace-pre-line text-base-content/80">“{r.note}”</p>}
                <p className="text-xs text-base-content/60">{formatDateTime(r.createdAt, locale)}</p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

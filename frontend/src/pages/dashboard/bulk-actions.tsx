// My Products' bulk actions (#37): select several listings, renew them or
// mark them sold outside the shop with one action, and see what became of
// each (POST /api/products/bulk: each listing on its own, refused ones
// with their reason).
import { useState } from "react";
import type { Product } from "@/api/products";
import { useBulkProducts, type BulkAction, type BulkAnswer } from "@/api/shops";
import { cutName, formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

/** What a bulk action did: its action, the answer, and the listings' names by id (as they were). */
export type BulkOutcomeState = { action: BulkAction; answer: BulkAnswer; names: Record<string, string> };

type Confirm = (q: { message: string; detail?: string; confirmLabel?: string; danger?: boolean }) => Promise<boolean>;

/** useBulkSelection holds which listings are selected and runs the bulk actions on them. */
export function useBulkSelection(products: Product[], confirm: Confirm) {
  const { t } = useLanguage();
  const send = useBulkProducts();
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  const [outcome, setOutcome] = useState<BulkOutcomeState | null>(null);
  const [running, setRunning] = useState<BulkAction | null>(null);
  // a listing gone from the list (deleted) is no longer selected
  const listed = new Set(products.map((p) => p._id));
  const selected = new Set([...picked].filter((id) => listed.has(id)));

  function toggle(id: string) {
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function run(action: BulkAction) {
    const ids = products.filter((p) => selected.has(p._id)).map((p) => p._id);
    if (ids.length === 0) return;
    if (action === "sold") {
      const yes = await confirm({
        message: t("Mark {n} listings sold outside the shop?", { n: ids.length }),
        detail: t("Open bookings will be declined and their buyers told."),
        confirmLabel: t("Mark sold"),
      });
      if (!yes) return;
    }
    const names = Object.fromEntries(products.filter((p) => selected.has(p._id)).map((p) => [p._id, p.productName]));
    setRunning(action);
    setOutcome(null);
    try {
      const answer = await send.trigger({ action, ids });
      setOutcome({ action, answer, names });
      // the refused ones stay selected, to try again or look at
      setPicked(new Set(answer.results.filter((r) => !r.ok).map((r) => r._id)));
    } catch (err) {
      setOutcome({
        action,
        names,
        answer: { done: 0, results: ids.map((id) => ({ _id: id, ok: false, message: err instanceof Error ? err.message : t("Could not reach the shop. Try again.") })) },
      });
    } finally {
      setRunning(null);
    }
  }

  return {
    selected,
    toggle,
    all: () => setPicked(selected.size === products.length ? new Set() : new Set(products.map((p) => p._id))),
    run,
    running,
    outcome,
    closeOutcome: () => setOutcome(null),
  };
}

type Bulk = ReturnType<typeof useBulkSelection>;

/** The bar over the list: select all, how many are selected, and the two actions. */
export function BulkBar({ bulk, total, disabled }: { bulk: Bulk; total: number; disabled: boolean }) {
  const { t, locale } = useLanguage();
  const n = bulk.selected.size;
  const off = n === 0 || disabled || bulk.running !== null;
  return (
    <div role="toolbar" aria-label={t("Selected listings")} className="sticky top-16 z-10 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-box border border-base-300 bg-base-100/95 px-3 py-2 shadow-sm backdrop-blur">
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary"
          checked={n > 0 && n === total}
          ref={(el) => {
            if (el) el.indeterminate = n > 0 && n < total;
          }}
          onChange={bulk.all}
        />
        {t("Select all")}
      </label>
      <span className="text-sm text-base-content/70" aria-live="polite">
        {t("{n} selected", { n: formatNumber(n, locale) })}
      </span>
      <div className="ml-auto flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={off} aria-busy={bulk.running === "renew"} onClick={() => void bulk.run("renew")}>
          {bulk.running === "renew" && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Renew selected")}
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={off} aria-busy={bulk.running === "sold"} onClick={() => void bulk.run("sold")}>
          {bulk.running === "sold" && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Mark selected sold")}
        </button>
      </div>
    </div>
  );
}

/** What became of each listing of the last bulk action, done ones first. */
export function BulkOutcome({ outcome, onClose }: { outcome: BulkOutcomeState; onClose: () => void }) {
  const { t, locale } = useLanguage();
  const { action, answer, names } = outcome;
  const total = answer.results.length;
  const title =
    action === "renew"
      ? t("Renewed {done} of {total}", { done: formatNumber(answer.done, locale), total: formatNumber(total, locale) })
      : t("Marked sold {done} of {total}", { done: formatNumber(answer.done, locale), total: formatNumber(total, locale) });
  const ordered = [...answer.results].sort((a, b) => Number(b.ok) - Number(a.ok));
  const tone = answer.done === total ? "alert-success" : answer.done === 0 ? "alert-error" : "alert-warning";
  return (
    <div role="status" className={`alert alert-soft ${tone} items-start`}>
      <div className="min-w-0 flex-1 space-y-2 text-base-content">
        <p className="font-semibold">{title}</p>
        <ul className="space-y-1 text-sm">
          {ordered.map((r) => (
            <li key={r._id} className="flex flex-wrap gap-x-2 break-words" data-bulk-result={r.ok ? "ok" : "refused"}>
              <span aria-hidden="true">{r.ok ? "✓" : "✗"}</span>
              <span className="font-medium">{cutName(names[r._id] ?? r._id)}:</span>
              <span>
                {r.ok
                  ? action === "renew" && r.expiresAt
                    ? t("Renewed: listed until {date}", { date: formatDateTime(r.expiresAt, locale) })
                    : t("Marked as sold")
                  : (r.message ?? t("Not changed"))}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-square" onClick={onClose} aria-label={t("Close")}>
        ✕
      </button>
    </div>
  );
}

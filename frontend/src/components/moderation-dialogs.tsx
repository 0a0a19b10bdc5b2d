// The dialogs of moderation: a shopper's report of a product (why, and a
// note), and an admin's removal of a reported one (a reason the seller is
// told). Props in, JSX out: the page sends.
import { useId, useState, type FormEvent } from "react";
import { MODERATION_TEXT_MAX, PRODUCT_REPORT_REASONS, type ProductReportReason } from "@/api/moderation";
import { FormField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { useLanguage, type MessageKey } from "@/lib/i18n";

const REASON_TEXT: Record<ProductReportReason, MessageKey> = {
  spam: "Spam or a duplicate listing",
  sold: "Already sold",
  wrong_price: "Wrong price",
  fake: "Fake or misleading",
  stolen: "Possibly stolen",
  offensive: "Offensive content",
  other: "Something else",
};

/** useProductReportReasonText gives a product report's reason in people's words. */
export function useProductReportReasonText(): (reason: string) => string {
  const { t } = useLanguage();
  return (reason) => (reason in REASON_TEXT ? t(REASON_TEXT[reason as ProductReportReason]) : reason);
}

type ReportProductDialogProps = {
  productName: string;
  onClose: () => void;
  /** Sends the report; throws to keep the dialog open. */
  onSend: (reason: ProductReportReason, note: string) => Promise<void>;
};

/** The product page's Report: the spec's question, a reason to pick and an optional note. */
export function ReportProductDialog({ productName, onClose, onSend }: ReportProductDialogProps) {
  const { t } = useLanguage();
  const id = useId();
  const [reason, setReason] = useState<ProductReportReason>("other");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSend(reason, note.trim());
    } catch {
      setBusy(false);
    }
  }

  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} role="alertdialog" boxClassName="sm:max-w-md">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold leading-snug">
            {t("Are You sure Report this Product")}
          </h2>
          <p className="mt-1 text-sm break-words text-base-content/70">{t("{name} will be sent to the admins for review.", { name: productName })}</p>
        </div>
        <FormField id={`${id}-reason`} label={t("Reason")}>
          <select
            id={`${id}-reason`}
            name="reason"
            data-autofocus
            className="select w-full"
            value={reason}
            onChange={(e) => setReason(e.target.value as ProductReportReason)}
          >
            {PRODUCT_REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(REASON_TEXT[r])}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={`${id}-note`}
          label={t("A note for the admins (optional)")}
          hint={t("{count} of {max} characters", { count: note.length, max: MODERATION_TEXT_MAX })}
        >
          <textarea
            id={`${id}-note`}
            name="note"
            rows={3}
            maxLength={MODERATION_TEXT_MAX}
            className="textarea w-full"
            value={note}
            onChange={(e) => setNote(e.target.value.slice(0, MODERATION_TEXT_MAX))}
            aria-describedby={`${id}-note-hint`}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-error sm:min-w-36" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Report")}
          </button>
        </div>
      </form>
    </Modal>
  );
}

type RemoveProductDialogProps = {
  productName: string;
  seller: string;
  onClose: () => void;
  /** Removes the product; throws to keep the dialog open. */
  onRemove: (reason: string) => Promise<void>;
};

/** An admin's Delete of a reported product: the spec's question and a reason the seller is told (optional). */
export function RemoveProductDialog({ productName, seller, onClose, onRemove }: RemoveProductDialogProps) {
  const { t } = useLanguage();
  const id = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onRemove(reason.trim());
    } catch {
      setBusy(false);
    }
  }

  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} role="alertdialog" boxClassName="sm:max-w-md">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold leading-snug">
            {t("Are you sure Delete this Product")}
          </h2>
          <p className="mt-1 text-sm break-words text-base-content/70">
            {t("{name} by {seller} will be removed for good.", { name: productName, seller })}
          </p>
        </div>
        <FormField
          id={`${id}-reason`}
          label={t("Reason for the seller (optional)")}
          hint={t("{count} of {max} characters", { count: reason.length, max: MODERATION_TEXT_MAX })}
        >
          {/* one line: the seller reads it in a notification */}
          <input
            id={`${id}-reason`}
            name="reason"
            type="text"
            data-autofocus
            maxLength={MODERATION_TEXT_MAX}
            className="input w-full"
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, MODERATION_TEXT_MAX))}
            aria-describedby={`${id}-reason-hint`}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-error sm:min-w-36" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Delete")}
          </button>
        </div>
      </form>
    </Modal>
  );
}

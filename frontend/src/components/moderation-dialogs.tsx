// The dialogs of moderation: a shopper's report of a product (why, and a
// note), an admin's removal of a reported one (a reason the seller is
// told), and the admin's actions that must say why (#32): hide a listing
// until it is edited, warn, suspend or delete an account. Props in, JSX
// out: the page sends.
import { useId, useState, type FormEvent } from "react";
import { MODERATION_TEXT_MAX, PRODUCT_REPORT_REASONS, type ProductReportReason } from "@/api/moderation";
import { SUSPENSION_DAYS, type SuspensionDays } from "@/api/users";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { formatNumber } from "@/lib/format";
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

type ReasonDialogProps = {
  /** The question, e.g. the spec's "Are you sure delete this user". */
  title: string;
  /** What will happen, in one or two sentences. */
  detail: string;
  /** The reason's label: who reads it. */
  reasonLabel: string;
  confirmLabel: string;
  /** The confirm button's colour: red for what cannot be undone. */
  tone: "error" | "warning";
  /** Offers the suspension's lengths (1, 7 or 30 days) before the reason. */
  withDays?: boolean;
  onClose: () => void;
  /** Acts; throws to keep the dialog open. */
  onConfirm: (reason: string, days: SuspensionDays) => Promise<void>;
};

/**
 * ReasonDialog is an admin's action that must say why (#32): the reason is
 * required, since the person it concerns reads it in a notification and an
 * email, and the audit log keeps it.
 */
function ReasonDialog({ title, detail, reasonLabel, confirmLabel, tone, withDays, onClose, onConfirm }: ReasonDialogProps) {
  const { t, locale } = useLanguage();
  const id = useId();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState<SuspensionDays>(7);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const text = reason.replace(/\s+/g, " ").trim(); // one line: the server takes no line breaks in a reason
    if (!text) {
      setMissing(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onConfirm(text, days);
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
            {title}
          </h2>
          <p className="mt-1 text-sm break-words text-base-content/70">{detail}</p>
        </div>
        {withDays && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t("Suspend for")}</legend>
            <div className="join w-full">
              {SUSPENSION_DAYS.map((d) => (
                <label key={d} className={`btn join-item min-h-11 flex-1 ${days === d ? "btn-primary" : "btn-outline"}`}>
                  <input type="radio" name="days" value={d} className="sr-only" checked={days === d} onChange={() => setDays(d)} />
                  {d === 1 ? t("1 day") : t("{count} days", { count: formatNumber(d, locale) })}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <FormField
          id={`${id}-reason`}
          label={reasonLabel}
          error={missing ? t("Say why: the person reads it") : undefined}
          hint={t("{count} of {max} characters", { count: reason.length, max: MODERATION_TEXT_MAX })}
        >
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={3}
            required
            data-autofocus
            maxLength={MODERATION_TEXT_MAX}
            className={`textarea w-full ${missing ? "textarea-error" : ""}`}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value.slice(0, MODERATION_TEXT_MAX));
              if (e.target.value.trim()) setMissing(false);
            }}
            aria-invalid={missing}
            aria-describedby={fieldDescribedBy(`${id}-reason`, missing ? "missing" : undefined, "hint")}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="submit" className={`btn ${tone === "error" ? "btn-error" : "btn-warning"} sm:min-w-36`} disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** An admin hides a listing until its seller edits it; the seller is told why. */
export function HideProductDialog({
  productName,
  seller,
  onClose,
  onHide,
}: {
  productName: string;
  seller: string;
  onClose: () => void;
  onHide: (reason: string) => Promise<void>;
}) {
  const { t } = useLanguage();
  return (
    <ReasonDialog
      title={t("Hide this listing until it is edited?")}
      detail={t("{name} leaves the shop now. {seller} sees it in My Products with your reason, and it comes back as soon as they edit it.", {
        name: productName,
        seller,
      })}
      reasonLabel={t("Reason for the seller")}
      confirmLabel={t("Hide listing")}
      tone="warning"
      onClose={onClose}
      onConfirm={(reason) => onHide(reason)}
    />
  );
}

/** An admin warns an account; the person is told why, and nothing else changes. */
export function WarnUserDialog({ name, onClose, onWarn }: { name: string; onClose: () => void; onWarn: (reason: string) => Promise<void> }) {
  const { t } = useLanguage();
  return (
    <ReasonDialog
      title={t("Warn {name}?", { name })}
      detail={t("{name} gets your warning as a notification and an email. Their account and listings stay as they are.", { name })}
      reasonLabel={t("Your warning")}
      confirmLabel={t("Send warning")}
      tone="warning"
      onClose={onClose}
      onConfirm={(reason) => onWarn(reason)}
    />
  );
}

/** An admin suspends an account for 1, 7 or 30 days; the person is told until when and why. */
export function SuspendUserDialog({
  name,
  onClose,
  onSuspend,
}: {
  name: string;
  onClose: () => void;
  onSuspend: (reason: string, days: SuspensionDays) => Promise<void>;
}) {
  const { t } = useLanguage();
  return (
    <ReasonDialog
      title={t("Suspend {name}?", { name })}
      detail={t("{name} is logged out everywhere at once and cannot log in or act until the suspension ends. They are told until when, and why.", { name })}
      reasonLabel={t("Reason for the account's owner")}
      confirmLabel={t("Suspend")}
      tone="error"
      withDays
      onClose={onClose}
      onConfirm={onSuspend}
    />
  );
}

/** An admin deletes an account: the spec's question, and a reason the audit log keeps and the person's email says. */
export function DeleteUserDialog({
  name,
  email,
  onClose,
  onDelete,
}: {
  name: string;
  email: string;
  onClose: () => void;
  onDelete: (reason: string) => Promise<void>;
}) {
  const { t } = useLanguage();
  return (
    <ReasonDialog
      title={t("Are you sure delete this user")}
      detail={t("{name} ({email}) will be removed for good, with their listings and bookings.", { name, email })}
      reasonLabel={t("Reason for the account's owner")}
      confirmLabel={t("Delete")}
      tone="error"
      onClose={onClose}
      onConfirm={(reason) => onDelete(reason)}
    />
  );
}

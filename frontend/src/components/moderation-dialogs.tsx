// The dialogs of moderation: a shopper's report of a product (why, and a
// note), an admin's removal of a reported one (a reason the seller is
// told), and the admin's actions that must say why (#32): hide a listing
// until it is edited, warn, suspend or delete an account. Props in, JSX
// out: the page sends.
import { useId, useState, type ReactNode } from "react";
import { MODERATION_TEXT_MAX, PRODUCT_REPORT_REASONS, type ProductReportReason } from "@/api/moderation";
import { SUSPENSION_DAYS, type SuspensionDays } from "@/api/users";
import { ReasonDialog, ReasonPicker } from "@/components/dialog-form";
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
  return (
    <ReasonDialog
      title={t("Are You sure Report this Product")}
      detail={t("{name} will be sent to the admins for review.", { name: productName })}
      label={t("A note for the admins (optional)")}
      name="note"
      max={MODERATION_TEXT_MAX}
      confirmLabel={t("Report")}
      alert
      onClose={onClose}
      onConfirm={(note) => onSend(reason, note)}
    >
      <ReasonPicker id={`${id}-reason`} reasons={PRODUCT_REPORT_REASONS} text={REASON_TEXT} value={reason} onChange={setReason} />
    </ReasonDialog>
  );
}

/** An admin's Delete of a reported product: the spec's question and a reason the seller is told (optional). */
export function RemoveProductDialog({
  productName,
  seller,
  onClose,
  onRemove,
}: {
  productName: string;
  seller: string;
  onClose: () => void;
  /** Removes the product; throws to keep the dialog open. */
  onRemove: (reason: string) => Promise<void>;
}) {
  const { t } = useLanguage();
  return (
    <ReasonDialog
      title={t("Are you sure Delete this Product")}
      detail={t("{name} by {seller} will be removed for good.", { name: productName, seller })}
      label={t("Reason for the seller (optional)")}
      // one line: the seller reads it in a notification
      singleLine
      max={MODERATION_TEXT_MAX}
      confirmLabel={t("Delete")}
      alert
      onClose={onClose}
      onConfirm={onRemove}
    />
  );
}

type ActionDialogProps = {
  title: string;
  detail: string;
  /** The reason's label: who reads it. */
  reasonLabel: string;
  confirmLabel: string;
  tone: "error" | "warning";
  onClose: () => void;
  /** Acts; throws to keep the dialog open. */
  onConfirm: (reason: string) => Promise<void>;
  /** The suspension's lengths, before the reason. */
  children?: ReactNode;
};

/**
 * ActionDialog is an admin's action that must say why (#32): the reason is
 * required, since the person it concerns reads it in a notification and an
 * email, and the audit log keeps it; it is sent as one line, as the server
 * takes no line breaks in a reason.
 */
function ActionDialog({ title, detail, reasonLabel, confirmLabel, tone, onClose, onConfirm, children }: ActionDialogProps) {
  const { t } = useLanguage();
  return (
    <ReasonDialog
      title={title}
      detail={detail}
      label={reasonLabel}
      confirmLabel={confirmLabel}
      tone={tone}
      alert
      max={MODERATION_TEXT_MAX}
      requiredText={t("Say why: the person reads it")}
      clean={(text) => text.replace(/\s+/g, " ").trim()}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {children}
    </ReasonDialog>
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
    <ActionDialog
      title={t("Hide this listing until it is edited?")}
      detail={t("{name} leaves the shop now. {seller} sees it in My Products with your reason, and it comes back as soon as they edit it.", {
        name: productName,
        seller,
      })}
      reasonLabel={t("Reason for the seller")}
      confirmLabel={t("Hide listing")}
      tone="warning"
      onClose={onClose}
      onConfirm={onHide}
    />
  );
}

/** An admin warns an account; the person is told why, and nothing else changes. */
export function WarnUserDialog({ name, onClose, onWarn }: { name: string; onClose: () => void; onWarn: (reason: string) => Promise<void> }) {
  const { t } = useLanguage();
  return (
    <ActionDialog
      title={t("Warn {name}?", { name })}
      detail={t("{name} gets your warning as a notification and an email. Their account and listings stay as they are.", { name })}
      reasonLabel={t("Your warning")}
      confirmLabel={t("Send warning")}
      tone="warning"
      onClose={onClose}
      onConfirm={onWarn}
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
  const { t, locale } = useLanguage();
  const [days, setDays] = useState<SuspensionDays>(7);
  return (
    <ActionDialog
      title={t("Suspend {name}?", { name })}
      detail={t("{name} is logged out everywhere at once and cannot log in or act until the suspension ends. They are told until when, and why.", { name })}
      reasonLabel={t("Reason for the account's owner")}
      confirmLabel={t("Suspend")}
      tone="error"
      onClose={onClose}
      onConfirm={(reason) => onSuspend(reason, days)}
    >
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
    </ActionDialog>
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
    <ActionDialog
      title={t("Are you sure delete this user")}
      detail={t("{name} ({email}) will be removed for good, with their listings and bookings.", { name, email })}
      reasonLabel={t("Reason for the account's owner")}
      confirmLabel={t("Delete")}
      tone="error"
      onClose={onClose}
      onConfirm={onDelete}
    />
  );
}

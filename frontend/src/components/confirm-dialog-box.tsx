// The yes/no dialog itself: its own chunk, which useConfirm (confirm-dialog.tsx)
// fetches after the first paint, so no first page's script carries it.
import { useId, useRef } from "react";
import { Modal } from "@/components/modal";
import { useT } from "@/lib/i18n";

type ConfirmDialogProps = {
  open: boolean;
  /** The question, word for word from the spec (e.g. "Are you sure Delete this Product"). */
  message: string;
  /** A quieter line under the question: what happens next. */
  detail?: string;
  /** What the confirm button says. */
  confirmLabel?: string;
  /** A red confirm button for destructive actions. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question in a modal: focus starts on Cancel; Escape cancels. */
export function ConfirmDialog({ open, message, detail, confirmLabel, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={onCancel} labelledBy={`${id}-title`} initialFocus={cancel} role="alertdialog" boxClassName="sm:max-w-md">
      <div className="flex items-start gap-4">
        <div
          className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${danger ? "bg-error/10 text-error" : "bg-primary/10 text-primary"}`}
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </div>
        <div className="min-w-0 pt-1">
          <h2 id={`${id}-title`} className="text-lg font-bold leading-snug">
            {message}
          </h2>
          {detail && <p className="mt-1 text-sm text-base-content/70">{detail}</p>}
        </div>
      </div>
      <div className="modal-action">
        <button ref={cancel} type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("Cancel")}
        </button>
        <button type="button" className={`btn ${danger ? "btn-error" : "btn-primary"}`} onClick={onConfirm}>
          {confirmLabel ?? t("Confirm")}
        </button>
      </div>
    </Modal>
  );
}

import { useCallback, useId, useRef, useState, type ReactNode } from "react";
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

type Question = { message: string; detail?: string; confirmLabel?: string; danger?: boolean };

/**
 * useConfirm asks a question in a ConfirmDialog and resolves to the answer:
 *
 *   const [confirm, dialog] = useConfirm();
 *   if (await confirm({ message: "Are you sure Delete this Product", danger: true })) ...
 *
 * Render `dialog` once somewhere in the page.
 */
export function useConfirm(): [(q: Question) => Promise<boolean>, ReactNode] {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((yes: boolean) => void) | null>(null);

  const answer = useCallback((yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setQuestion(null);
  }, []);

  const confirm = useCallback((q: Question) => {
    resolver.current?.(false);
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <ConfirmDialog
      open={question !== null}
      message={question?.message ?? ""}
      detail={question?.detail}
      confirmLabel={question?.confirmLabel}
      danger={question?.danger}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return [confirm, dialog];
}

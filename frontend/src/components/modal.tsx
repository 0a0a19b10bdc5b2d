import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";

type ModalProps = {
  open: boolean;
  /** Called on Escape and on a click outside the box. */
  onClose: () => void;
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** The id of the element that describes the dialog, if any. */
  describedBy?: string;
  /** The element to focus on opening; else one marked data-autofocus, else the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** "alertdialog" for a question that needs an answer. */
  role?: "dialog" | "alertdialog";
  /** Extra classes for the box, e.g. a wider max-width. */
  boxClassName?: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A daisyUI modal on a native <dialog> opened with showModal(), so the page
 * behind it is inert for the mouse, the keyboard and screen readers. It is
 * rendered into document.body; it moves focus inside when it opens, keeps
 * Tab inside (also away from the browser's own bar), closes on Escape or a
 * click on the backdrop, and gives focus back to what had it before.
 */
export function Modal({ open, onClose, labelledBy, describedBy, initialFocus, role = "dialog", boxClassName = "", children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const d = dialog.current;
    if (d && !d.open) {
      // jsdom has no showModal: there the dialog is just shown
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    }
    const target =
      initialFocus?.current ??
      box.current?.querySelector<HTMLElement>("[data-autofocus]") ??
      box.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      box.current;
    target?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== "Tab" || !box.current) return;
      const items = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !box.current.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !box.current.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (d?.open && typeof d.close === "function") d.close();
      if (before && document.contains(before)) before.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return createPortal(
    <dialog
      ref={dialog}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="modal modal-bottom sm:modal-middle"
      // Escape is handled on keydown above; this catches other close
      // requests (e.g. a phone's Back gesture).
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
    >
      <div ref={box} tabIndex={-1} className={`modal-box outline-none ${boxClassName}`}>
        {children}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
    </dialog>,
    document.body,
  );
}

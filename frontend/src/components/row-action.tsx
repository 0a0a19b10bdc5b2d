import type { ReactNode } from "react";

/** How a row's button looks: the table's main action, a quieter one, or a delete. */
export type RowActionTone = "primary" | "outline" | "delete" | "delete-solid";

const toneClass: Record<RowActionTone, string> = {
  primary: "btn-primary whitespace-nowrap",
  outline: "btn-outline whitespace-nowrap",
  delete: "btn-outline btn-error",
  "delete-solid": "btn-error",
};

type RowActionProps = {
  /** What the button says, e.g. "Delete". */
  text: string;
  /** Its accessible name, naming the row: "Delete HP EliteBook". */
  label: string;
  tone: RowActionTone;
  /** True while this row's action is on its way: a spinner, and aria-busy. */
  busy: boolean;
  /** Off, e.g. while any row's action is on its way, or for a blocked row. */
  disabled: boolean;
  /** Why the button is off for this row, shown on hover. */
  reason?: string;
  onClick: () => void;
};

/**
 * RowAction is a button in a dashboard table's row (Advertise, Make Verify,
 * Delete): small, spinning while its action runs. A disabled daisyUI button
 * takes no pointer events, so a reason is on a wrapper too, to show on hover.
 */
export function RowAction({ text, label, tone, busy, disabled, reason, onClick }: RowActionProps) {
  const button = (
    <button
      type="button"
      className={`btn btn-sm ${toneClass[tone]}`}
      disabled={disabled}
      aria-busy={busy}
      onClick={onClick}
      aria-label={label}
      title={reason}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {text}
    </button>
  );
  if (reason === undefined) return button;
  return (
    <span className="inline-block" title={reason}>
      {button}
    </span>
  );
}

/** A row's buttons side by side, wrapping; at the card's end on a phone. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-2 max-md:justify-end">{children}</div>;
}

import type { ReactNode } from "react";

type FormFieldProps = {
  /** The id of the control inside; its error is `${id}-error`. */
  id: string;
  label: string;
  /** A message in red under the control; replaces the hint. */
  error?: string;
  /** A quiet line under the control when there is no error. */
  hint?: string;
  children: ReactNode;
};

/** fieldDescribedBy is the aria-describedby of a FormField's control. */
export function fieldDescribedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/** A label, its control, and the control's error (red) or hint under it. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

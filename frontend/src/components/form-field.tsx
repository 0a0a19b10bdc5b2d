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

type PasswordFieldProps = {
  id: string;
  label: string;
  /** The form's name for it; the id when not given. */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** "current-password" to fill a saved one, "new-password" to make one. */
  autoComplete: "current-password" | "new-password";
};

/** A labelled, required password input with its error under it. */
export function PasswordField({ id, label, name, value, onChange, error, autoComplete }: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        name={name ?? id}
        type="password"
        autoComplete={autoComplete}
        required
        className={`input w-full ${error ? "input-error" : ""}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error)}
      />
    </FormField>
  );
}

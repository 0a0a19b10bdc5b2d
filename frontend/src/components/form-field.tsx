import { useState, type ReactNode } from "react";
import { useT } from "@/lib/i18n";

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

type TextFieldProps = {
  id: string;
  label: string;
  /** The form's name for it; the id when not given. */
  name?: string;
  type?: "text" | "email" | "password";
  /** What the browser may fill in: "email", "name", "current-password", "new-password". */
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  minLength?: number;
};

/** A labelled, required one-line input with its error (or hint) under it. */
export function TextField({ id, label, name, type = "text", autoComplete, value, onChange, error, hint, placeholder, minLength }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={name ?? id}
        type={type}
        autoComplete={autoComplete}
        required
        minLength={minLength}
        className={`input w-full ${error ? "input-error" : ""}`}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
      />
    </FormField>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, "type" | "autoComplete"> & {
  /** "current-password" to fill a saved one, "new-password" to make one. */
  autoComplete: "current-password" | "new-password";
};

/** A labelled, required password input with its error under it. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" {...props} />;
}

type PasswordErrors = { password?: string; confirm?: string; form?: string };

/**
 * useNewPassword holds a new password typed twice and the form's errors;
 * check() says whether the two are the same, and if not the second field
 * says so.
 */
export function useNewPassword() {
  const t = useT();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<PasswordErrors>({});
  function check(): boolean {
    setErrors(password === confirm ? {} : { confirm: t("The two passwords are not the same.") });
    return password === confirm;
  }
  return { password, confirm, setPassword, setConfirm, errors, setErrors, check };
}

type NewPasswordFieldsProps = {
  /** The ids are `${id}-password` and `${id}-confirm`. */
  id: string;
  /** The form's name for the new password ("password" or "new-password"). */
  name: string;
  state: ReturnType<typeof useNewPassword>;
};

/** A new password typed twice: a reset, and taking over an account made with your email. */
export function NewPasswordFields({ id, name, state }: NewPasswordFieldsProps) {
  const t = useT();
  const { password, confirm, setPassword: onPassword, setConfirm: onConfirm, errors } = state;
  return (
    <>
      <PasswordField
        id={`${id}-password`}
        name={name}
        label={t("New password")}
        autoComplete="new-password"
        value={password}
        onChange={onPassword}
        error={errors.password}
      />
      <PasswordField
        id={`${id}-confirm`}
        name="confirm"
        label={t("New password again")}
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        error={errors.confirm}
      />
    </>
  );
}

/** The email field of the account forms: log in, sign up, forgot password. */
export function EmailField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  const t = useT();
  return (
    <TextField id={id} name="email" type="email" label={t("Email")} autoComplete="email" placeholder="you@example.com" value={value} onChange={onChange} error={error} />
  );
}

// The dialogs that ask for something before they act: a form in a Modal
// with a title, the fields, and Cancel beside the action. DialogForm is
// the frame; ReasonDialog the common case, one text that says why.
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { ApiError } from "@/lib/api";
import { useLanguage, type MessageKey } from "@/lib/i18n";

/** The X at the top right of a dialog. */
function CloseButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useLanguage();
  return (
    <button type="button" className="btn btn-circle btn-ghost btn-sm shrink-0" onClick={onClick} disabled={disabled} aria-label={t("Close")}>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}

/** A dialog's title (its id `${id}-title` names the dialog), what happens next under it, and an X when onClose is given. */
export function DialogHeader({ id, title, detail, onClose, busy }: { id: string; title: ReactNode; detail?: ReactNode; onClose?: () => void; busy?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <h2 id={`${id}-title`} className="text-lg font-bold leading-snug break-words">
          {title}
        </h2>
        {detail && <p className="mt-1 text-sm break-words text-base-content/70">{detail}</p>}
      </div>
      {onClose && <CloseButton onClick={onClose} disabled={busy} />}
    </div>
  );
}

const toneClass = { primary: "btn-primary", error: "btn-error", warning: "btn-warning" } as const;

type DialogFormProps = {
  /** The id the fields' ids start with; the title is `${id}-title`. */
  id: string;
  title: ReactNode;
  /** What happens next, under the title. */
  detail?: ReactNode;
  /** An alertdialog: the answer changes something for good. */
  alert?: boolean;
  /** A wider box (sm:max-w-lg) for a photo beside its text. */
  wide?: boolean;
  /** An X at the top right besides Cancel. */
  closeButton?: boolean;
  /** True while the action runs: the buttons spin and disable, and the dialog stays. */
  busy: boolean;
  onClose: () => void;
  /** Called on the action's button or Enter, unless busy. */
  onSubmit: () => void;
  submitLabel: string;
  /** The action's colour: red for what cannot be undone. */
  tone: keyof typeof toneClass;
  submitDisabled?: boolean;
  submitRef?: Ref<HTMLButtonElement>;
  /** Why the last try was refused, above the buttons. */
  error?: string | null;
  children?: ReactNode;
};

/**
 * DialogForm is a dialog's form: Escape, the backdrop and Cancel close it
 * unless its action is on its way; the action's button spins meanwhile.
 */
export function DialogForm(props: DialogFormProps) {
  const { id, title, detail, alert, wide, closeButton, busy, onClose, onSubmit, submitLabel, tone, submitDisabled, submitRef, error, children } = props;
  const { t } = useLanguage();
  const close = () => {
    if (!busy) onClose();
  };
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} role={alert ? "alertdialog" : "dialog"} boxClassName={wide ? "sm:max-w-lg" : "sm:max-w-md"}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <DialogHeader id={id} title={title} detail={detail} onClose={closeButton ? close : undefined} busy={busy} />
        {children}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button ref={submitRef} type="submit" className={`btn sm:min-w-36 ${toneClass[tone]}`} disabled={busy || submitDisabled} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

type ReasonDialogProps = {
  title: string;
  detail?: ReactNode;
  /** The text's label: who reads it. */
  label: string;
  confirmLabel: string;
  tone?: keyof typeof toneClass;
  alert?: boolean;
  closeButton?: boolean;
  /** The longest text the server takes. */
  max: number;
  /** Said under an empty text on send; without it the text may be left empty. */
  requiredText?: string;
  /** The form's name of the text, and the server's name of its field: "reason", "text", "note". */
  name?: string;
  /** One line (an input), for what a person reads in a notification's line. */
  singleLine?: boolean;
  /** The text as sent; trimmed by default. */
  clean?: (text: string) => string;
  placeholder?: string;
  /** Fields above the text, e.g. the suspension's length or a reason to pick (data-autofocus on one takes the focus first). */
  children?: ReactNode;
  /** Checks the fields in children before sending; false stops it. */
  check?: () => boolean;
  /** Shows a refusal in the dialog: under the text when the server named its field, else above the buttons. */
  showRefusal?: boolean;
  /** Why the last send was refused, said by the page. */
  error?: string | null;
  onClose: () => void;
  /** Acts; throws to keep the dialog open. */
  onConfirm: (text: string) => Promise<void>;
};

/**
 * ReasonDialog is a confirm with a text that says why: a report, a hide,
 * a warning, a suspension, a removal, a decline, a review's reply. The
 * text's length is capped and counted, and a required one is asked for
 * before anything is sent.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { label, confirmLabel, tone = "error", max, requiredText, name = "reason", singleLine, clean, placeholder, check, showRefusal, onConfirm } = props;
  const { t } = useLanguage();
  const id = useId();
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (check && !check()) return;
    const sent = clean ? clean(text) : text.trim();
    if (requiredText && !sent) {
      setProblem(requiredText);
      field.current?.focus();
      return;
    }
    setProblem(null);
    setRefusal(null);
    setBusy(true);
    try {
      await onConfirm(sent);
    } catch (err) {
      if (showRefusal && err instanceof ApiError && err.fields[name]) setProblem(err.fields[name]);
      else if (showRefusal) setRefusal(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  const fieldId = `${id}-${name}`;
  const error = problem ?? undefined;
  const common = {
    ref: field,
    id: fieldId,
    name,
    maxLength: max,
    placeholder,
    value: text,
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value.slice(0, max));
      if (e.target.value.trim()) setProblem(null);
    },
    "aria-invalid": error ? true : undefined,
    "aria-describedby": fieldDescribedBy(fieldId, error, "hint"),
  };
  return (
    <DialogForm
      id={id}
      title={props.title}
      detail={props.detail}
      alert={props.alert}
      closeButton={props.closeButton}
      busy={busy}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      submitLabel={confirmLabel}
      tone={tone}
      error={props.error ?? refusal}
    >
      {props.children}
      <FormField id={fieldId} label={label} error={error} hint={t("{count} of {max} characters", { count: text.length, max })}>
        {singleLine ? (
          <input type="text" data-autofocus className={`input w-full ${error ? "input-error" : ""}`} {...common} />
        ) : (
          <textarea rows={3} data-autofocus className={`textarea w-full ${error ? "textarea-error" : ""}`} {...common} />
        )}
      </FormField>
    </DialogForm>
  );
}

type ReasonPickerProps<R extends string> = {
  /** The select's id. */
  id: string;
  reasons: readonly R[];
  /** Each reason in people's words. */
  text: Record<R, MessageKey>;
  /** "" while none is picked (with a placeholder). */
  value: R | "";
  onChange: (reason: R) => void;
  /** The disabled first choice, when the reader must pick one. */
  placeholder?: string;
  error?: string;
};

/** ReasonPicker is a report's reason to pick, above its note (a product's, a conversation's). */
export function ReasonPicker<R extends string>({ id, reasons, text, value, onChange, placeholder, error }: ReasonPickerProps<R>) {
  const { t } = useLanguage();
  return (
    <FormField id={id} label={t("Reason")} error={error}>
      <select
        id={id}
        name="reason"
        data-autofocus
        className={`select w-full ${error ? "select-error" : ""}`}
        value={value}
        onChange={(e) => onChange(e.target.value as R)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error)}
      >
        {placeholder && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {reasons.map((r) => (
          <option key={r} value={r}>
            {t(text[r])}
          </option>
        ))}
      </select>
    </FormField>
  );
}

// The dialogs of reviews (#20): the buyer's review of a seller (1 to 5
// stars and a text), the seller's one reply, and an admin's removal with a
// reason. Props in, JSX out: the page sends. A refusal keeps the dialog
// open with the server's words under the field it names.
import { useId, useState, type FormEvent } from "react";
import { REVIEW_TEXT_MAX } from "@/api/sellers";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { ApiError } from "@/lib/api";
import { useLanguage } from "@/lib/i18n";

/** The field errors (and the message) of a refused write. */
function problems(err: unknown): { fields: Record<string, string>; message: string } {
  if (err instanceof ApiError) return { fields: err.fields, message: Object.keys(err.fields).length ? "" : err.message };
  return { fields: {}, message: err instanceof Error ? err.message : String(err) };
}

type WriteReviewDialogProps = {
  productName: string;
  onClose: () => void;
  /** Sends the review; throws (an ApiError) to keep the dialog open. */
  onSend: (rating: number, text: string) => Promise<void>;
};

/** Write a review: five stars to pick (radio buttons) and a text. */
export function WriteReviewDialog({ productName, onClose, onSend }: WriteReviewDialogProps) {
  const { t } = useLanguage();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string }>({ fields: {}, message: "" });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const fields: Record<string, string> = {};
    if (rating < 1) fields.rating = t("Pick from 1 to 5 stars");
    if (!text.trim()) fields.text = t("Say a few words about how it went");
    setErrors({ fields, message: "" });
    if (Object.keys(fields).length) return;
    setBusy(true);
    try {
      await onSend(rating, text.trim());
    } catch (err) {
      setErrors(problems(err));
      setBusy(false);
    }
  }
  const close = () => {
    if (!busy) onClose();
  };
  const ratingError = errors.fields.rating;
  const textError = errors.fields.text;
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} boxClassName="sm:max-w-md">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold leading-snug">
            {t("Review the seller")}
          </h2>
          <p className="mt-1 text-sm break-words text-base-content/70">{t("How was buying {name}?", { name: productName })}</p>
        </div>
        <fieldset className="flex flex-col gap-1.5" aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium">{t("Your rating")}</legend>
          <div className="rating rating-lg gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <input
                key={n}
                type="radio"
                name={`${id}-rating`}
                className="mask mask-star-2 bg-warning"
                aria-label={t("{n} out of 5 stars", { n })}
                checked={rating === n}
                onChange={() => setRating(n)}
                data-autofocus={n === 1 ? true : undefined}
              />
            ))}
          </div>
          {ratingError && (
            <p id={`${id}-rating-error`} className="text-sm text-error">
              {ratingError}
            </p>
          )}
        </fieldset>
        <FormField
          id={`${id}-text`}
          label={t("Your review")}
          error={textError}
          hint={t("{count} of {max} characters", { count: text.length, max: REVIEW_TEXT_MAX })}
        >
          <textarea
            id={`${id}-text`}
            name="text"
            rows={4}
            maxLength={REVIEW_TEXT_MAX}
            className={`textarea w-full ${textError ? "textarea-error" : ""}`}
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, REVIEW_TEXT_MAX))}
            aria-invalid={textError ? true : undefined}
            aria-describedby={fieldDescribedBy(`${id}-text`, textError, "hint")}
          />
        </FormField>
        {errors.message && (
          <p role="alert" className="text-sm text-error">
            {errors.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-primary sm:min-w-36" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Send review")}
          </button>
        </div>
        <span className="sr-only" aria-live="polite">
          {rating > 0 ? t("{n} out of 5 stars", { n: rating }) : ""}
        </span>
      </form>
    </Modal>
  );
}

type TextDialogProps = {
  title: string;
  detail: string;
  label: string;
  submitLabel: string;
  danger?: boolean;
  max: number;
  /** The server's name of the field: "text" or "reason". */
  field: string;
  onClose: () => void;
  /** Sends; throws (an ApiError) to keep the dialog open. */
  onSend: (text: string) => Promise<void>;
};

/** One required text and a button: the seller's reply and the admin's reason for removing a review. */
export function TextDialog({ title, detail, label, submitLabel, danger = false, max, field, onClose, onSend }: TextDialogProps) {
  const { t } = useLanguage();
  const id = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string }>({ fields: {}, message: "" });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setErrors({ fields: { [field]: t("This is required") }, message: "" });
      return;
    }
    setBusy(true);
    try {
      await onSend(text.trim());
    } catch (err) {
      setErrors(problems(err));
      setBusy(false);
    }
  }
  const close = () => {
    if (!busy) onClose();
  };
  const error = errors.fields[field];
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} role={danger ? "alertdialog" : "dialog"} boxClassName="sm:max-w-md">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold leading-snug">
            {title}
          </h2>
          <p className="mt-1 text-sm break-words text-base-content/70">{detail}</p>
        </div>
        <FormField id={`${id}-text`} label={label} error={error} hint={t("{count} of {max} characters", { count: text.length, max })}>
          <textarea
            id={`${id}-text`}
            name={field}
            rows={3}
            maxLength={max}
            data-autofocus
            className={`textarea w-full ${error ? "textarea-error" : ""}`}
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, max))}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy(`${id}-text`, error, "hint")}
          />
        </FormField>
        {errors.message && (
          <p role="alert" className="text-sm text-error">
            {errors.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="submit" className={`btn sm:min-w-36 ${danger ? "btn-error" : "btn-primary"}`} disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

// The buyer's review of a seller (#20): 1 to 5 stars and a text. Props
// in, JSX out: the page sends. A refusal keeps the dialog open with the
// server's words under the field it names. (The seller's reply and an
// admin's removal are ReasonDialogs.)
import { useId, useState } from "react";
import { REVIEW_TEXT_MAX } from "@/api/sellers";
import { DialogForm } from "@/components/dialog-form";
import { fieldDescribedBy, FormField } from "@/components/form-field";
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

  async function submit() {
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
  const ratingError = errors.fields.rating;
  const textError = errors.fields.text;
  return (
    <DialogForm
      id={id}
      title={t("Review the seller")}
      detail={t("How was buying {name}?", { name: productName })}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t("Send review")}
      tone="primary"
      error={errors.message}
    >
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
        <span className="sr-only" aria-live="polite">
          {rating > 0 ? t("{n} out of 5 stars", { n: rating }) : ""}
        </span>
    </DialogForm>
  );
}

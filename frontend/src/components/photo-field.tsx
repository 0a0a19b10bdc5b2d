import { useEffect, useRef } from "react";
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT } from "@/api/auth";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { useT, type Translate } from "@/lib/i18n";

const PHOTO_TYPES = PHOTO_ACCEPT.split(",");

/**
 * photoProblem is the client's check of a chosen photo (the server checks
 * again): `missing` when there is none, else what is wrong with its type or
 * size, else undefined.
 */
export function photoProblem(file: File | null, missing: string, t: Translate): string | undefined {
  if (!file) return missing;
  if (file.type && !PHOTO_TYPES.includes(file.type)) return t("Choose a JPEG, PNG, WebP or GIF image");
  if (file.size > MAX_PHOTO_BYTES) return t("The photo must be at most 8 MB");
  return undefined;
}

type PhotoFieldProps = {
  /** The file input's id; its error and hint hang off it (see FormField). */
  id: string;
  label: string;
  error?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The preview's alt text. */
  previewAlt: string;
  /** "avatar": a round face; "landscape": a 4:3 box, for a laptop. */
  shape: "avatar" | "landscape";
  /** False when a photo may be left out (a category's tile); true by default. */
  required?: boolean;
};

const canPreview = () => typeof URL.createObjectURL === "function";

/**
 * PhotoField is a labelled photo input (the form field "image") with a
 * local preview of the chosen file beside it, the accepted types and size
 * as its hint, and its error in red under it.
 */
export function PhotoField({ id, label, error, file, onChange, previewAlt, shape, required = true }: PhotoFieldProps) {
  const t = useT();
  const hint = t("JPEG, PNG, WebP or GIF, up to 8 MB");
  const preview = useRef<HTMLImageElement>(null);

  // The preview shows the file through an object URL, released when the file changes.
  useEffect(() => {
    const img = preview.current;
    if (!file || !img || !canPreview()) return;
    const url = URL.createObjectURL(file);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = file !== null && canPreview();
  // The browser's own file input says "No file chosen" in the browser's
  // language and cuts it on a phone; ours says it in the shop's, beside a
  // button that is the input's second label. The input stays in the page
  // (visually hidden) for the keyboard, screen readers and the form.
  const input = (
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
      <input
        id={id}
        name="image"
        type="file"
        accept={PHOTO_ACCEPT}
        required={required}
        className="peer sr-only"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
      />
      <label
        htmlFor={id}
        className={`btn btn-sm btn-outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${error ? "btn-error" : ""}`}
      >
        {file ? t("Change photo") : t("Choose photo")}
      </label>
      <span className="min-w-0 max-w-full truncate text-sm text-base-content/70">{file ? file.name : t("No photo chosen")}</span>
    </div>
  );

  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className="flex items-center gap-4">
        {shape === "avatar" ? (
          <div className="avatar">
            <div className="w-14 rounded-full bg-base-200 ring-1 ring-base-300">
              {shown ? (
                <img ref={preview} alt={previewAlt} />
              ) : (
                <svg viewBox="0 0 24 24" className="h-full w-full p-3 text-base-content/40" fill="none" stroke="currentColor" aria-hidden="true">
                  <path
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    strokeWidth="1.6"
                    d="M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.5 20.1a7.5 7.5 0 0 1 15 0A17.9 17.9 0 0 1 12 21.75c-2.68 0-5.22-.58-7.5-1.65Z"
                  />
                </svg>
              )}
            </div>
          </div>
        ) : (
          <div className="flex aspect-[4/3] w-16 shrink-0 items-center sm:w-24 justify-center overflow-hidden rounded-field bg-base-200 ring-1 ring-base-300">
            {shown ? (
              <img ref={preview} alt={previewAlt} className="h-full w-full object-cover" />
            ) : (
              <svg viewBox="0 0 24 24" className="h-8 w-8 text-base-content/35" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <circle cx="9" cy="10" r="1.8" />
                <path strokeLinejoin="round" d="m4 18 5-5 3 3 3-3 5 5" />
              </svg>
            )}
          </div>
        )}
        {input}
      </div>
    </FormField>
  );
}

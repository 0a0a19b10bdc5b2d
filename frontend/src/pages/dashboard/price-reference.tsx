import { useRef, useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import {
  badLines,
  downloadPriceReference,
  MAX_BAD_LINES,
  MAX_REFERENCE_BYTES,
  usePriceReference,
  useUploadPriceReference,
  useUseShippedReference,
  type PriceReference as Reference,
  type ReferenceMode,
} from "@/api/price-reference";
import { useConfirm } from "@/components/confirm-dialog";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { PageSpinner } from "@/components/page-spinner";
import { ApiError } from "@/lib/api";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** The file's name when downloaded: the shipped one, or the upload's date. */
function fileName(ref: Reference): string {
  return ref.uploadedAt ? `price-reference-${ref.uploadedAt.slice(0, 10)}.csv` : "price-reference-shipped.csv";
}

/** What is in use now, with the download and the way back to the shipped catalogue. */
function CurrentReference({ reference }: { reference: Reference }) {
  const { t, locale } = useLanguage();
  const [confirm, dialog] = useConfirm();
  const useShipped = useUseShippedReference();
  const [downloading, setDownloading] = useState(false);
  const uploaded = reference.source === "uploaded";

  async function download() {
    setDownloading(true);
    try {
      await downloadPriceReference(fileName(reference));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("The catalogue could not be downloaded. Try again."));
    } finally {
      setDownloading(false);
    }
  }

  async function backToShipped() {
    const yes = await confirm({
      message: t("Use the shipped catalogue?"),
      detail: t("Your uploaded catalogue is removed and the price guide uses the catalogue shipped with the shop again."),
      confirmLabel: t("Use the shipped catalogue"),
      danger: true,
    });
    if (!yes) return;
    try {
      await useShipped.trigger();
      toast.success(t("The price guide uses the shipped catalogue again."));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Something went wrong. Please try again."));
    }
  }

  return (
    <section aria-labelledby="reference-now-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id="reference-now-title" className="text-lg font-semibold">
          {t("In use now")}
        </h2>
        <p className="font-medium">
          {!uploaded
            ? t("The catalogue shipped with the shop")
            : reference.mode === "extend"
              ? t("Your upload, added to the shipped catalogue")
              : t("Your upload, in place of the shipped catalogue")}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/70">{t("Laptops")}</dt>
          <dd>{formatNumber(reference.rows, locale)}</dd>
          <dt className="text-base-content/70">{t("With a price")}</dt>
          <dd>{formatNumber(reference.priced, locale)}</dd>
          {uploaded && reference.uploadedAt && (
            <>
              <dt className="text-base-content/70">{t("Uploaded")}</dt>
              <dd className="break-words">
                {reference.uploadedBy
                  ? t("{when} by {name}", { when: formatDateTime(reference.uploadedAt, locale), name: reference.uploadedBy.name })
                  : formatDateTime(reference.uploadedAt, locale)}
              </dd>
            </>
          )}
        </dl>
        <div className="card-actions flex-col items-stretch gap-2 pt-1 sm:flex-row sm:items-center">
          <button type="button" className="btn btn-outline btn-sm" onClick={download} disabled={downloading}>
            {downloading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("Download the catalogue in use (CSV)")}
          </button>
          {uploaded && (
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={backToShipped} disabled={useShipped.isMutating}>
              {useShipped.isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {t("Use the shipped catalogue")}
            </button>
          )}
        </div>
      </div>
      {dialog}
    </section>
  );
}

/** The upload form: a CSV file, replace or extend, and each bad line the server names. */
function UploadReference() {
  const { t, locale } = useLanguage();
  const upload = useUploadPriceReference();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ReferenceMode>("extend");
  const [fileError, setFileError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<{ message: string; lines: [number, string][] } | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const hint = t("A CSV file with the columns title and price_tk (the shipped catalogue's shape), at most 8 MB.");

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (upload.isMutating) return;
    setRefusal(null);
    const problem = !file ? t("Choose a CSV file") : file.size > MAX_REFERENCE_BYTES ? t("The file is larger than 8 MB") : undefined;
    setFileError(problem);
    if (problem || !file) {
      input.current?.focus();
      return;
    }
    try {
      const done = await upload.trigger({ file, mode });
      toast.success(t("Uploaded {rows} laptops, {priced} with a price: the price guide uses them now.", { rows: done.rows, priced: done.priced }));
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
        setRefusal({ message: err.message, lines: badLines(err.fields) });
      } else {
        setRefusal({ message: err instanceof Error ? err.message : t("Something went wrong. Please try again."), lines: [] });
      }
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reference-upload-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5 sm:p-6">
        <h2 id="reference-upload-title" className="text-lg font-semibold">
          {t("Upload a catalogue")}
        </h2>
        <FormField id="reference-file" label={t("CSV file")} error={fileError} hint={hint}>
          <input
            key={inputKey}
            ref={input}
            id="reference-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            className={`file-input w-full ${fileError ? "file-input-error" : ""}`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(undefined);
            }}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fieldDescribedBy("reference-file", fileError, hint)}
          />
        </FormField>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t("What the upload does")}</legend>
          {(
            [
              ["extend", t("Extend the shipped catalogue"), t("Your laptops are added to the shipped ones; a title both have takes your price.")],
              ["replace", t("Replace the shipped catalogue"), t("Only your laptops are used: at least 20 of them with a price.")],
            ] as const
          ).map(([value, label, detail]) => (
            <label key={value} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
              <input type="radio" name="mode" value={value} className="radio radio-sm mt-0.5" checked={mode === value} onChange={() => setMode(value)} />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-base-content/70">{detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-base-content/60">{t("A new upload takes the place of the last one. If any line is not right, nothing is changed.")}</p>
        {refusal && (
          <div role="alert" className="rounded-box border border-error/40 bg-error/5 p-3 text-sm">
            <p className="font-medium text-error">
              {refusal.lines.length === 0
                ? refusal.message
                : refusal.lines.length >= MAX_BAD_LINES
                  ? t("Nothing was changed. Fix these lines and upload the file again (only the first 20 bad lines are listed).")
                  : t("Nothing was changed. Fix these lines and upload the file again.")}
            </p>
            {refusal.lines.length > 0 && (
              <ul className="mt-2 space-y-1" aria-label={t("Lines to fix")}>
                {refusal.lines.map(([line, message]) => (
                  <li key={line} className="break-words">
                    <span className="font-medium">{line === 0 ? t("The file") : t("Line {line}", { line: formatNumber(line, locale) })}</span>: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={upload.isMutating}>
            {upload.isMutating && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Upload")}
          </button>
        </div>
      </div>
    </form>
  );
}

/** /dashboard/price-reference (admin): the price guide's reference catalogue, shipped or uploaded. */
export default function PriceReferencePage() {
  const { t } = useLanguage();
  usePageTitle(t("Price reference"));
  const reference = usePriceReference();

  return (
    <section className="space-y-6" aria-labelledby="reference-title">
      <div>
        <h1 id="reference-title" className="text-2xl font-bold sm:text-3xl">
          {t("Price reference")}
        </h1>
        <p className="mt-1 max-w-2xl text-base-content/70">
          {t("The price guide takes what a laptop costs new in Bangladesh from this catalogue of laptops and their prices.")}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        {reference.data ? (
          <CurrentReference reference={reference.data} />
        ) : reference.error ? (
          <p role="alert" className="text-error">
            {t("We couldn't load the catalogue in use. Please refresh the page in a moment.")}
          </p>
        ) : (
          <PageSpinner />
        )}
        <UploadReference />
      </div>
    </section>
  );
}

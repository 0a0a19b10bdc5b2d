import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { useCreateSavedSearch, type Frequency } from "@/api/saved-searches";
import { Modal } from "@/components/modal";
import { useLanguage } from "@/lib/i18n";
import { describeSearch } from "@/lib/saved-search";
import { notify } from "@/lib/toast";

/**
 * The "Save this search" dialog (loaded when first opened): what is kept,
 * in words, and how often to be told: at once for each new laptop, or in
 * one digest a day.
 */
export default function SaveSearchDialog({ query, onClose }: { query: string; onClose: () => void }) {
  const { t, locale } = useLanguage();
  const id = useId();
  const create = useCreateSavedSearch();
  const [frequency, setFrequency] = useState<Frequency>("instant");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const parts = describeSearch(query, t, locale);

  async function onSave() {
    setBusy(true);
    setError("");
    try {
      await create(query, frequency);
      notify("success", t("Search saved. We'll tell you about new laptops that match."));
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : t("Could not save this search. Please try again."));
      setBusy(false);
    }
  }

  const choices: { value: Frequency; label: string; hint: string }[] = [
    { value: "instant", label: t("At once"), hint: t("A notification for each new laptop that matches.") },
    { value: "daily", label: t("Daily digest"), hint: t("One notification a day with the new matches.") },
  ];

  return (
    <Modal open onClose={onClose} labelledBy={`${id}-title`} describedBy={`${id}-what`} boxClassName="sm:max-w-md">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("Save this search")}
      </h2>
      <div id={`${id}-what`} className="mt-3 space-y-2">
        <p className="text-sm text-base-content/70">{t("We'll tell you when new laptops match:")}</p>
        <ul className="flex flex-wrap gap-2" aria-label={t("Filters")}>
          {parts.map((p) => (
            <li key={p} className="badge badge-soft badge-primary h-auto max-w-full py-1 break-words whitespace-normal">
              {p}
            </li>
          ))}
        </ul>
      </div>
      <fieldset className="mt-5 space-y-2">
        <legend className="mb-2 text-sm font-semibold">{t("How often?")}</legend>
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${frequency === c.value ? "border-primary bg-primary/5" : "border-base-300"}`}
          >
            <input
              type="radio"
              name={`${id}-frequency`}
              className="radio radio-primary radio-sm mt-0.5"
              value={c.value}
              checked={frequency === c.value}
              onChange={() => setFrequency(c.value)}
              data-autofocus={frequency === c.value ? "" : undefined}
            />
            <span className="min-w-0">
              <span className="block font-medium">{c.label}</span>
              <span className="block text-sm text-base-content/70">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <div role="alert" className="alert alert-error alert-soft mt-4 text-sm">
          <span>{error}</span>
        </div>
      )}
      <p className="mt-4 text-sm text-base-content/70">
        <Link to="/dashboard/saved-searches" className="link" onClick={onClose}>
          {t("See your saved searches")}
        </Link>
      </p>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("Cancel")}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void onSave()} disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t("Save search")}
        </button>
      </div>
    </Modal>
  );
}

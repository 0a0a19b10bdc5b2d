import { useT } from "@/lib/i18n";

/** A centred daisyUI spinner with the hidden text Loading... */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t("Loading...")}</span>
    </div>
  );
}

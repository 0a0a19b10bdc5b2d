import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

/** An upload's progress bar and percentage; `sent` is the share sent, 0 to 1. */
export function UploadProgress({ sent, label }: { sent: number; label: string }) {
  const { t, locale } = useLanguage();
  const percent = Math.round(sent * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{percent < 100 ? label : t("Saving…")}</span>
        <span className="tabular-nums text-base-content/70" aria-hidden="true">
          {formatNumber(percent, locale)}%
        </span>
      </div>
      <progress className="progress progress-primary w-full" value={percent} max={100} aria-label={label} />
    </div>
  );
}

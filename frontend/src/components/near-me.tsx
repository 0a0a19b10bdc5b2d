import type { NearMeProblem } from "@/lib/near-me";
import { useT, type MessageKey } from "@/lib/i18n";
import { PinIcon } from "@/components/pin-icon";

type NearMeButtonProps = {
  /** The list is sorted by distance from the visitor now. */
  on: boolean;
  /** The browser is being asked where the visitor is. */
  asking: boolean;
  /** Off: ask for the location. On: back to the usual order. */
  onToggle: () => void;
  className?: string;
};

/** NearMeButton is "Near me": a toggle, pressed while the list is sorted by distance; it spins while the browser looks. */
export function NearMeButton({ on, asking, onToggle, className = "" }: NearMeButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className={`btn btn-sm whitespace-nowrap max-md:btn-square ${on ? "btn-primary" : "btn-outline"} ${className}`}
      aria-pressed={on}
      aria-busy={asking}
      title={t("Near me")}
      disabled={asking}
      onClick={onToggle}
    >
      {asking ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <PinIcon />}
      {/* on a phone the pin alone, in the row of Filters and the order: the first laptops stay on the first screen (#37) */}
      <span className="max-md:sr-only">{t("Near me")}</span>
    </button>
  );
}

const PROBLEM_TEXT: Record<NearMeProblem, MessageKey> = {
  denied: "Your location was not shared, so the laptops cannot be sorted by distance. Allow location for this site in your browser's settings and tap Near me again, or choose your district in the filters.",
  unavailable: "We could not find where you are. Check that location is on and tap Near me again, or choose your district in the filters.",
  outside: "Near me works in Bangladesh, and your location seems to be outside it. Choose a district in the filters instead.",
  unsupported: "This browser cannot share your location. Choose your district in the filters instead.",
};

/** NearMeProblemAlert says why there is no nearest-first list, with a way to put the message away. */
export function NearMeProblemAlert({ problem, onDismiss }: { problem: NearMeProblem; onDismiss: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="alert alert-warning alert-soft mt-3 items-start text-sm">
      <PinIcon className="mt-0.5 h-5 w-5 shrink-0" />
      <span className="min-w-0 flex-1 break-words">{t(PROBLEM_TEXT[problem])}</span>
      <button type="button" className="btn btn-ghost btn-xs btn-square shrink-0" aria-label={t("Dismiss")} onClick={onDismiss}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}

/** NearMeStatus says the list is nearest first, with the way back to the usual order. */
export function NearMeStatus({ onOff }: { onOff: () => void }) {
  const t = useT();
  return (
    <p role="status" className="mt-3 text-sm">
      <PinIcon className="mr-1 inline h-4 w-4 align-[-3px] text-primary" />
      {t("Nearest to you first, by the area each seller chose.")}{" "}
      <button type="button" className="link link-primary" onClick={onOff}>
        {t("Back to the usual order")}
      </button>
    </p>
  );
}

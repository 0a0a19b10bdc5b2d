import { useLanguage } from "@/lib/i18n";

type FavouriteButtonProps = {
  /** The product's name, for the button's label. */
  name: string;
  /** The product is one of the signed-in person's favourites. */
  saved: boolean;
  onToggle: () => void;
  /** A button with words ("Save", "Saved") beside the heart, not a round one. */
  withText?: boolean;
  className?: string;
};

/** HeartIcon is the favourites' heart: filled when saved. */
export function HeartIcon({ filled, className = "h-5 w-5" }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinejoin="round" d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
    </svg>
  );
}

/**
 * FavouriteButton is the heart that saves a laptop to the Favourites page
 * or forgets it: a toggle button (aria-pressed) labelled with the product.
 */
export function FavouriteButton({ name, saved, onToggle, withText = false, className = "" }: FavouriteButtonProps) {
  const { t } = useLanguage();
  const label = saved ? t("Remove {name} from favourites", { name }) : t("Save {name} to favourites", { name });
  return (
    <button
      type="button"
      className={`btn ${withText ? "" : "btn-circle"} ${saved ? "text-error" : ""} ${className}`}
      aria-pressed={saved}
      aria-label={label}
      title={saved ? t("Saved to favourites") : t("Save to favourites")}
      onClick={onToggle}
    >
      <HeartIcon filled={saved} className={withText ? "h-4 w-4" : "h-5 w-5"} />
      {withText && <span aria-hidden="true">{saved ? t("Saved") : t("Save")}</span>}
    </button>
  );
}

import { useT } from "@/lib/i18n";
import type { Theme } from "@/lib/theme";

type ThemeToggleProps = {
  theme: Theme;
  onChange: (theme: Theme) => void;
  /** "menu": a menu row with its words shown (the phone menu), not an icon button. */
  variant?: "icon" | "menu";
};

/** A button that switches between the light and the dark theme; its icon shows the theme in force. */
export function ThemeToggle({ theme, onChange, variant = "icon" }: ThemeToggleProps) {
  const t = useT();
  const dark = theme === "dark";
  const label = dark ? t("Switch to the light theme") : t("Switch to the dark theme");
  return (
    <button
      type="button"
      className={variant === "menu" ? "font-medium" : "btn btn-square btn-ghost"}
      aria-label={variant === "menu" ? undefined : label}
      title={variant === "menu" ? undefined : label}
      onClick={() => onChange(dark ? "light" : "dark")}
    >
      {dark ? (
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M20.4 14.5A8.5 8.5 0 0 1 9.5 3.6a8.5 8.5 0 1 0 10.9 10.9Z" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="4" />
          <path strokeLinecap="round" d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      )}
      {variant === "menu" && label}
    </button>
  );
}

import type { Lang } from "@/lib/i18n";

type LanguageSwitchProps = {
  lang: Lang;
  onChange: (lang: Lang) => void;
  /** True while the other language's texts are on their way. */
  busy?: boolean;
  /** Classes of the button: a ghost button in the bar by default. */
  className?: string;
};

/**
 * A button that shows the interface in the other language; it is named in
 * that language (বাংলা on the English page, English on the Bangla one) so a
 * reader of either finds it, and marked with that language's lang so a
 * screen reader says it right.
 */
export function LanguageSwitch({ lang, onChange, busy = false, className = "btn btn-ghost btn-sm px-2 font-semibold sm:btn-md" }: LanguageSwitchProps) {
  const other: Lang = lang === "en" ? "bn" : "en";
  return (
    <button
      type="button"
      lang={other}
      className={className}
      title={other === "bn" ? "বাংলায় দেখুন" : "Show in English"}
      onClick={() => onChange(other)}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
      )}
      {other === "bn" ? "বাংলা" : "English"}
    </button>
  );
}

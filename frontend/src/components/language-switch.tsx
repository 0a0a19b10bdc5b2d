import type { Lang } from "@/lib/i18n";

type LanguageSwitchProps = {
  lang: Lang;
  onChange: (lang: Lang) => void;
  /** True while the other language's texts are on their way. */
  busy?: boolean;
};

/**
 * A button that shows the interface in the other language; it is named in
 * that language (বাংলা on the English page, English on the Bangla one) so a
 * reader of either finds it, and says so to screen readers in its own tongue.
 */
export function LanguageSwitch({ lang, onChange, busy = false }: LanguageSwitchProps) {
  const other: Lang = lang === "en" ? "bn" : "en";
  return (
    <button
      type="button"
      lang={other}
      className="btn btn-ghost btn-sm px-2 font-semibold sm:btn-md"
      title={other === "bn" ? "বাংলায় দেখুন" : "Show in English"}
      onClick={() => onChange(other)}
      disabled={busy}
      aria-busy={busy}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {other === "bn" ? "বাংলা" : "English"}
    </button>
  );
}

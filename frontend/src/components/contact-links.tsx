import { telHref, whatsappHref } from "@/lib/contact";
import { useLanguage } from "@/lib/i18n";

type ContactLinksProps = {
  number: string;
  /**
   * "page": the product page's Call and WhatsApp beside the number it shows;
   * "row": a lead's, the number on the Call button itself, the WhatsApp one green.
   */
  variant: "page" | "row";
  /** Called when either is tapped (the product page counts a reveal, #37). */
  onContact?: () => void;
};

/** ContactLinks call a phone number or open a WhatsApp chat with it, drawn as small buttons. */
export function ContactLinks({ number, variant, onContact }: ContactLinksProps) {
  const { t } = useLanguage();
  const row = variant === "row";
  const button = row ? "btn btn-outline btn-sm px-2.5 whitespace-nowrap" : "btn btn-sm btn-outline";
  return (
    <div className={row ? "flex flex-wrap gap-1.5 max-md:justify-end" : "flex flex-wrap gap-2"}>
      <a href={telHref(number)} className={button} aria-label={t("Call {number}", { number })} onClick={onContact}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M3 5a2 2 0 0 1 2-2h2.3a1 1 0 0 1 1 .8l1 4a1 1 0 0 1-.3 1L7.4 10.4a12 12 0 0 0 6.2 6.2l1.6-1.6a1 1 0 0 1 1-.3l4 1a1 1 0 0 1 .8 1V19a2 2 0 0 1-2 2h-1C9.7 21 3 14.3 3 6V5Z"
          />
        </svg>
        {row ? number : t("Call")}
      </a>
      <a
        href={whatsappHref(number)}
        className={row ? `${button} btn-success` : button}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("WhatsApp {number} (opens in a new tab)", { number })}
        onClick={onContact}
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M3.5 20.5 5 16a8.5 8.5 0 1 1 3 3l-4.5 1.5Z" />
        </svg>
        {t("WhatsApp")}
      </a>
    </div>
  );
}

import { BookedLink, ChatIcon } from "@/components/product-parts";
import { telHref } from "@/lib/contact";
import { useLanguage } from "@/lib/i18n";

/** What a product's Book button is for the person looking: one rule for the page's button and the phone's bar. */
export type BookState = "own" | "booked" | "expired" | "reserved" | "book";

/**
 * bookState is the product page's rule for its Book button: one's own
 * product is not booked; a laptop one booked says so (and leads to My
 * Booking); an expired one, or one reserved for another buyer, is off;
 * else Book Now (a visitor is sent to log in first).
 */
export function bookState(p: { own: boolean; booked: boolean; expired: boolean; reserved: boolean }): BookState {
  if (p.own) return "own";
  if (p.booked) return "booked";
  if (p.expired) return "expired";
  if (p.reserved) return "reserved";
  return "book";
}

/**
 * showsActionBar: the phone's bar is for a buyer (or a visitor) looking at
 * a laptop still listed: not on one's own laptop (its seller has Edit) nor
 * on a sold one (the page says to whom instead).
 */
export function showsActionBar(p: { own: boolean; sold: boolean }): boolean {
  return !p.own && !p.sold;
}

/** BookAction is the Book button in its state; className sizes it where it stands. */
export function BookAction({ state, onBook, className = "" }: { state: BookState; onBook: () => void; className?: string }) {
  const { t } = useLanguage();
  switch (state) {
    case "own":
      return (
        <button type="button" className={`btn btn-disabled ${className}`} disabled>
          {t("Your product")}
        </button>
      );
    case "booked":
      return <BookedLink className={className} />;
    case "expired":
      return (
        <button type="button" className={`btn btn-disabled ${className}`} disabled>
          {t("Expired")}
        </button>
      );
    case "reserved":
      return (
        <button type="button" className={`btn btn-disabled ${className}`} disabled aria-label={t("Booked: reserved for another buyer")}>
          {t("Booked")}
        </button>
      );
    default:
      return (
        <button type="button" className={`btn btn-primary ${className}`} onClick={onBook}>
          {t("Book Now")}
        </button>
      );
  }
}

type ProductActionBarProps = {
  /** The number the page shows for the seller (their verified phone, else the listing's). */
  number: string;
  book: BookState;
  onBook: () => void;
  onChat: () => void;
  /** Called when Call is tapped: the listing's numbers count a tap on the number (#37). */
  onCall?: () => void;
};

/**
 * ProductActionBar is Call, Chat and Book under the thumb on a phone (#37):
 * fixed to the bottom below md, above the iPhone's home bar, in the place
 * of the bottom navigation (the frame hides that while this is on screen:
 * data-action-bar). Call is the seller's tel: link, as the page's Call;
 * Chat starts the chat, Book opens the booking form, with the page's rules
 * (signed out: log in first).
 */
export function ProductActionBar({ number, book, onBook, onChat, onCall }: ProductActionBarProps) {
  const { t } = useLanguage();
  return (
    <div
      role="region"
      aria-label={t("Call, chat or book")}
      data-action-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-base-300 bg-base-100/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex h-14 max-w-md items-center gap-2 px-3">
        <a href={telHref(number)} className="btn btn-outline btn-primary h-11 min-h-11 flex-1 px-2" aria-label={t("Call {number}", { number })} onClick={onCall}>
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M3 5a2 2 0 0 1 2-2h2.3a1 1 0 0 1 1 .8l1 4a1 1 0 0 1-.3 1L7.4 10.4a12 12 0 0 0 6.2 6.2l1.6-1.6a1 1 0 0 1 1-.3l4 1a1 1 0 0 1 .8 1V19a2 2 0 0 1-2 2h-1C9.7 21 3 14.3 3 6V5Z"
            />
          </svg>
          <span className="truncate">{t("Call")}</span>
        </a>
        <button type="button" className="btn btn-outline btn-primary h-11 min-h-11 flex-1 px-2" onClick={onChat} aria-label={t("Chat with seller")}>
          <ChatIcon />
          <span className="truncate" aria-hidden="true">
            {t("Chat")}
          </span>
        </button>
        <BookAction state={book} onBook={onBook} className="h-11 min-h-11 flex-[1.4] px-2 whitespace-nowrap" />
      </div>
    </div>
  );
}

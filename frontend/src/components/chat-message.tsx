import { useState, type ReactNode } from "react";
import type { Message, Offer, OfferStatus } from "@/api/conversations";
import { ZoomView } from "@/components/photo-gallery";
import { formatDateTime, formatTk } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";

/**
 * ChatText shows what someone typed as plain text: React escapes it, so a
 * "<a href>" is only characters and a URL is never a link; line breaks
 * stay, and a long word or URL wraps instead of widening the page.
 */
export function ChatText({ text, className = "" }: { text: string; className?: string }) {
  return <p className={`whitespace-pre-wrap break-words [overflow-wrap:anywhere] ${className}`}>{text}</p>;
}

const STATUS_TEXT: Record<OfferStatus, MessageKey> = {
  pending: "Waiting for the seller",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  superseded: "Replaced by a newer offer",
  countered: "The seller countered",
};

const STATUS_BADGE: Record<OfferStatus, string> = {
  pending: "badge-info",
  accepted: "badge-success",
  declined: "badge-error badge-soft",
  expired: "badge-ghost",
  superseded: "badge-ghost",
  countered: "badge-warning",
};

/** True while an accepted offer's price still holds. */
export function offerHolds(offer: Offer, now = Date.now()): boolean {
  return offer.status === "accepted" && (offer.validUntil === null || new Date(offer.validUntil).getTime() > now);
}

/**
 * An offer's amount and where it stands, with "valid until" once accepted.
 * yourTurn: the reader is the one to answer it (the bubble carries their
 * Accept and Decline), so a pending offer waits for them, not the other side.
 */
export function OfferSummary({ offer, yourTurn = false }: { offer: Offer; yourTurn?: boolean }) {
  const { t, locale } = useLanguage();
  const lapsed = offer.status === "accepted" && !offerHolds(offer);
  const status: OfferStatus = lapsed ? "expired" : offer.status;
  const counter = offer.by === "seller";
  // a pending offer waits for the side that did not make it: the reader, when it is theirs to answer
  const statusText =
    status !== "pending" ? t(STATUS_TEXT[status]) : yourTurn ? t("Waiting for your answer") : counter ? t("Waiting for the buyer") : t(STATUS_TEXT[status]);
  return (
    <div className="flex flex-col gap-1" data-offer={counter ? "counter" : "offer"}>
      <p className="text-xs font-semibold uppercase tracking-wide opacity-80">{counter ? t("Counter offer") : t("Price offer")}</p>
      <p className="text-xl font-extrabold">{formatTk(offer.amount, locale)}</p>
      <p>
        <span className={`badge badge-sm h-auto min-h-5 whitespace-normal font-semibold ${STATUS_BADGE[status]}`}>{statusText}</span>
      </p>
      {offer.status === "accepted" && offer.validUntil && (
        <p className="text-xs">
          {lapsed
            ? t("The price held until {date}", { date: formatDateTime(offer.validUntil, locale) })
            : t("Valid until {date}", { date: formatDateTime(offer.validUntil, locale) })}
        </p>
      )}
    </div>
  );
}

type ChatMessageProps = {
  message: Message;
  /** The caller sent it: on the right, in the primary colour. */
  mine: boolean;
  /** Who sent it, for screen readers (and shown when `showName`). */
  senderName: string;
  /** Shows the sender's name above the bubble (an admin reading someone else's thread). */
  showName?: boolean;
  /** Buttons under an offer (Accept / Decline, Book at this price). */
  actions?: ReactNode;
  /** For the caller's own messages: whether the other person has read it (a seen mark); undefined shows none. */
  seen?: boolean;
  /** Says Sent or Seen in words beside the ticks (the newest of the caller's messages); else only the ticks. */
  seenWords?: boolean;
};

/**
 * A message's photos as thumbnails; a tap opens them large (arrows and a
 * swipe go through them). One photo takes the bubble's width, more make
 * a grid of two columns.
 */
export function ChatPhotos({ photos, senderName }: { photos: string[]; senderName: string }) {
  const { t } = useLanguage();
  const [open, setOpen] = useState<number | null>(null);
  const one = photos.length === 1;
  return (
    <>
      <ul className={`grid gap-1 ${one ? "grid-cols-1" : "grid-cols-2"}`} aria-label={t("Photos")}>
        {photos.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
              onClick={() => setOpen(i)}
              aria-label={t("Open photo {n} of {total}", { n: i + 1, total: photos.length })}
            >
              <img
                {...photoSources(url, one ? "240px" : "120px")}
                alt=""
                loading="lazy"
                className={`${one ? "h-44 w-56 max-w-full" : "h-24 w-full"} bg-base-300 object-cover`}
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <ZoomView photos={photos} name={senderName} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The seen mark under the caller's own message: one tick sent, two (in the accent colour) seen. */
function SeenMark({ seen, words }: { seen: boolean; words: boolean }) {
  const { t } = useLanguage();
  return (
    <span className={`inline-flex items-center gap-0.5 ${seen ? "font-semibold text-info" : "opacity-60"}`} data-seen={seen}>
      <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d={seen ? "M1.5 13l4 4 9-10M10 16l1 1 11-12" : "M5 13l4 4 10-10"} />
      </svg>
      <span className={words ? "" : "sr-only"}>{seen ? t("Seen") : t("Sent")}</span>
    </span>
  );
}

/** One message of a thread as a daisyUI chat bubble: its words, photos or offer, and when. */
export function ChatMessage({ message: m, mine, senderName, showName = false, actions, seen, seenWords = false }: ChatMessageProps) {
  const { t, locale } = useLanguage();
  const photos = m.photos ?? [];
  return (
    <li className={`chat ${mine ? "chat-end" : "chat-start"}`}>
      <div className={`chat-header mb-0.5 text-xs ${showName ? "" : "sr-only"}`}>{mine && !showName ? t("You") : senderName}</div>
      <div
        className={`chat-bubble max-w-[85%] sm:max-w-[75%] ${
          m.offer ? "chat-bubble-accent" : mine ? "chat-bubble-primary" : ""
        }`}
      >
        {m.offer && <OfferSummary offer={m.offer} yourTurn={!mine && Boolean(actions)} />}
        {photos.length > 0 && <ChatPhotos photos={photos} senderName={senderName} />}
        {m.text && <ChatText text={m.text} className={m.offer ? "mt-2 text-sm" : photos.length > 0 ? "mt-1.5" : ""} />}
        {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="chat-footer mt-0.5 flex items-center gap-2 text-xs">
        <time dateTime={m.createdAt} className="opacity-60">
          {formatDateTime(m.createdAt, locale)}
        </time>
        {seen !== undefined && <SeenMark seen={seen} words={seenWords} />}
      </div>
    </li>
  );
}

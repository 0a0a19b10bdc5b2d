import type { ReactNode } from "react";
import type { Message, Offer, OfferStatus } from "@/api/conversations";
import { formatDateTime, formatTk } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";

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
};

const STATUS_BADGE: Record<OfferStatus, string> = {
  pending: "badge-info",
  accepted: "badge-success",
  declined: "badge-error badge-soft",
  expired: "badge-ghost",
  superseded: "badge-ghost",
};

/** True while an accepted offer's price still holds. */
export function offerHolds(offer: Offer, now = Date.now()): boolean {
  return offer.status === "accepted" && (offer.validUntil === null || new Date(offer.validUntil).getTime() > now);
}

/** An offer's amount and where it stands, with "valid until" once accepted. */
export function OfferSummary({ offer }: { offer: Offer }) {
  const { t, locale } = useLanguage();
  const lapsed = offer.status === "accepted" && !offerHolds(offer);
  const status: OfferStatus = lapsed ? "expired" : offer.status;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-semibold uppercase tracking-wide opacity-80">{t("Price offer")}</p>
      <p className="text-xl font-extrabold">{formatTk(offer.amount, locale)}</p>
      <p>
        <span className={`badge badge-sm h-auto min-h-5 whitespace-normal font-semibold ${STATUS_BADGE[status]}`}>{t(STATUS_TEXT[status])}</span>
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
};

/** One message of a thread as a daisyUI chat bubble: its words or its offer, and when. */
export function ChatMessage({ message: m, mine, senderName, showName = false, actions }: ChatMessageProps) {
  const { t, locale } = useLanguage();
  return (
    <li className={`chat ${mine ? "chat-end" : "chat-start"}`}>
      <div className={`chat-header mb-0.5 text-xs ${showName ? "" : "sr-only"}`}>{mine && !showName ? t("You") : senderName}</div>
      <div
        className={`chat-bubble max-w-[85%] sm:max-w-[75%] ${
          m.offer ? "chat-bubble-accent" : mine ? "chat-bubble-primary" : ""
        }`}
      >
        {m.offer && <OfferSummary offer={m.offer} />}
        {m.text && <ChatText text={m.text} className={m.offer ? "mt-2 text-sm" : ""} />}
        {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="chat-footer mt-0.5 text-xs opacity-60">
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, locale)}</time>
      </div>
    </li>
  );
}

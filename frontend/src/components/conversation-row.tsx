import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import type { Conversation } from "@/api/conversations";
import { formatNumber, formatTime, formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";

/** When a message came, short: the time today, else the day (and the year when not this one). */
export function shortWhen(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  if (d.toDateString() === now.toDateString()) return formatTime(d, locale);
  const sameYear = d.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, sameYear ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" }).format(d);
}

type ConversationRowProps = {
  conversation: Conversation;
  /** Where the row leads: the thread's page. */
  to: string;
  /** Who the row names: the other person (default), or "buyer → seller" for an admin. */
  people?: string;
  /** A line under the row, e.g. the report's reason for an admin. */
  note?: string;
};

/**
 * One thread in a list: the laptop's photo, name and price, the other
 * person, the last message's first words, when, and the unread count.
 * Unread threads are bold. The whole row is one link.
 */
export function ConversationRow({ conversation: c, to, people, note }: ConversationRowProps) {
  const { t, locale } = useLanguage();
  const last = c.lastMessage;
  const photoWords = last?.photos ? (last.photos === 1 ? t("Photo") : t("{count} photos", { count: last.photos })) : "";
  let excerpt = "";
  if (last) {
    if (last.offer !== null && !last.text) excerpt = t("Offered {amount}", { amount: formatTk(last.offer, locale) });
    else if (photoWords) excerpt = last.text ? `📷 ${last.text}` : `📷 ${photoWords}`;
    else excerpt = last.text;
  }
  const unread = c.unread > 0;
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `flex min-w-0 gap-3 px-3 py-3 outline-offset-[-2px] hover:bg-base-200/60 focus-visible:bg-base-200/60 ${isActive ? "bg-primary/10" : ""}`
      }
    >
      <img {...photoSources(c.product.picture, "56px")} alt="" loading="lazy" className="mt-0.5 h-10 w-14 shrink-0 rounded object-cover" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className={`min-w-0 flex-1 truncate ${unread ? "font-bold" : "font-medium"}`}>{c.product.productName}</span>
          {last && (
            <time dateTime={last.createdAt} className={`shrink-0 text-xs ${unread ? "font-semibold text-primary" : "text-base-content/70"}`}>
              {shortWhen(last.createdAt, locale)}
            </time>
          )}
        </span>
        <span className="flex min-w-0 items-baseline gap-2 text-sm">
          <span className="shrink-0 font-semibold">{formatTk(c.product.sellPrice, locale)}</span>
          <span className="min-w-0 truncate text-base-content/70">
            <span className="sr-only">{t("With")} </span>
            {people ?? c.other.userName}
          </span>
        </span>
        <span className="flex min-w-0 items-center gap-2 text-sm">
          <span className={`min-w-0 flex-1 truncate ${unread ? "text-base-content" : "text-base-content/70"}`}>{excerpt}</span>
          {unread && (
            <span className="badge badge-primary badge-sm shrink-0 font-bold">
              {formatNumber(c.unread, locale)}
              <span className="sr-only"> {t("unread")}</span>
            </span>
          )}
          {c.blocked && <span className="badge badge-ghost badge-sm shrink-0">{t("Blocked")}</span>}
        </span>
        {note && <span className="mt-0.5 truncate text-xs text-error">{note}</span>}
      </span>
    </NavLink>
  );
}

/** The list the rows stand in: an inbox, or the admins' reported chats. */
export function ConversationList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="divide-y divide-base-200 overflow-hidden rounded-box bg-base-100 shadow-sm" aria-label={label}>
      {children}
    </ul>
  );
}

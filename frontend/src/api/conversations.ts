// Conversations: a buyer and a seller talking about one laptop, with the
// buyer's price offers and the seller's answers, blocks and reports, and
// the admins' view of reported threads. Wire types, SWR keys (the API
// paths) and hooks; every write refetches what it changes (the thread, its
// messages, the inbox and the unread count) before its trigger resolves.
// The texts are plain text as typed: they are never rendered as HTML. The
// unread count (header, menu) is api/conversation-unread.ts; its key is
// one of the conversation keys here.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import type { PaymentMethod } from "@/api/bookings";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";

/** Where an offer stands; a newer offer of the buyer supersedes a pending one, a seller's counter offer counters it. */
export type OfferStatus = "pending" | "accepted" | "declined" | "expired" | "superseded" | "countered";

/** A price offer (whole Tk): the buyer's, or the seller's counter offer; the other side answers it. */
export type Offer = {
  _id: string;
  amount: number;
  /** Who made it (absent from an older server: the buyer). */
  by?: "buyer" | "seller";
  status: OfferStatus;
  /** Only once accepted: until when the price holds (RFC 3339). */
  validUntil: string | null;
};

/** The laptop a conversation is about, as it is now. */
export type ConversationProduct = {
  _id: string;
  productName: string;
  picture: string;
  /** Whole Tk. */
  sellPrice: number;
  /** "soled" once sold (threads only). */
  available?: string;
  /** Taken down by its seller or an admin (threads only). */
  deleted?: boolean;
  /** A booking of it (anyone's) is accepted: GET /api/conversations/{id} only. */
  reserved?: boolean;
  /** Out of the catalogue until renewed: GET /api/conversations/{id} only. */
  expired?: boolean;
};

/** The thread's buyer's newest booking of the laptop. */
export type ThreadBooking = {
  _id: string;
  status: "pending" | "accepted" | "declined" | "cancelled" | "paid" | "completed";
  /** How it is paid (#34); absent from an older server. */
  paymentMethod?: PaymentMethod;
};

/** A person of a conversation. */
export type ConversationPerson = {
  _id: string;
  userName: string;
  userPhoto: string;
};

/** One item of GET /api/conversations, and GET /api/conversations/{id}. */
export type Conversation = {
  _id: string;
  /** The caller's side of it. */
  role: "buyer" | "seller";
  product: ConversationProduct;
  /** The person the caller talks to. */
  other: ConversationPerson;
  /** The newest message: its text (may be "" for an offer or photos), its offer's amount, how many photos, when. */
  lastMessage: { text: string; offer: number | null; photos?: number; createdAt: string } | null;
  /** Messages from the other person after the caller's read mark. */
  unread: number;
  /** True when the caller blocked the other person. */
  blocked: boolean;
  /** The thread's latest offer, if any. */
  offer: Offer | null;
  /** The other person's read mark (RFC 3339): the caller's messages sent up to it are seen; null for an admin. */
  otherReadAt?: string | null;
  /** The thread's buyer's newest booking of the laptop (GET /api/conversations/{id} only; absent when none). */
  booking?: ThreadBooking | null;
};

/**
 * Where a thread's trade stands, for what it shows and offers:
 * removed, sold to this thread's buyer, sold (to someone else, or outside
 * the shop), booked by this thread's buyer (pending or accepted), reserved
 * for another buyer, expired, or open.
 */
export type TradeState = "removed" | "soldHere" | "sold" | "bookedPending" | "bookedAccepted" | "reservedOther" | "expired" | "open";

/** tradeState reads a thread's header (the server's facts) as one state. */
export function tradeState(c: Pick<Conversation, "product" | "booking">): TradeState {
  const status = c.booking?.status;
  if (c.product.deleted) return "removed";
  if (c.product.available === "soled") return status === "completed" || status === "paid" ? "soldHere" : "sold";
  if (status === "pending") return "bookedPending";
  if (status === "accepted" || status === "paid") return "bookedAccepted";
  if (c.product.reserved) return "reservedOther";
  if (c.product.expired) return "expired";
  return "open";
}

/** Whether the thread's buyer may still book at an accepted offer's price. */
export function canBook(state: TradeState): boolean {
  return state === "open";
}

/**
 * Whether the thread's buyer may still make an offer: as the server
 * allows (not removed, sold, expired or reserved for another buyer); an
 * offer the seller accepts re-prices the buyer's open booking.
 */
export function canOffer(state: TradeState): boolean {
  return state === "open" || state === "bookedPending" || state === "bookedAccepted";
}

/** Why a conversation is reported. */
export type ReportReason = "spam" | "scam" | "offensive" | "other";

/** The reasons, in the order the report dialog offers them. */
export const REPORT_REASONS: ReportReason[] = ["spam", "scam", "offensive", "other"];

/**
 * One item of GET /api/admin/conversations: a reported thread. The admin is
 * neither of its people: buyer and seller name both (the contract names
 * them; an older answer may carry only the names).
 */
export type ReportedConversation = Conversation & {
  reportReason: ReportReason | string;
  reportNote?: string;
  reportedAt?: string;
  buyer?: ConversationPerson;
  seller?: ConversationPerson;
  buyerName?: string;
  sellerName?: string;
};

/** One message of GET /api/conversations/{id}/messages (newest first). */
export type Message = {
  _id: string;
  /** The sender's user id. */
  from: string;
  /** Plain text as typed; "" for an offer, or photos without words. */
  text: string;
  /** Photos ("/uploads/<key>"), up to MESSAGE_PHOTOS_MAX; absent from an older server. */
  photos?: string[];
  offer: Offer | null;
  /** RFC 3339. */
  createdAt: string;
};

/** POST /api/conversations body. */
export type NewConversation = { productId: string; text: string };

/** POST /api/conversations/{id}/messages body: words, photos (with or without words), or (the buyer's) an offer in whole Tk. */
export type NewMessage = { text: string; photos?: string[] } | { offer: number };

/** PUT /api/offers/{id}/accept or decline. */
export type OfferAnswer = { offerId: string; answer: "accept" | "decline" };

/** PUT /api/offers/{id}/counter: the seller's price in answer to the buyer's offer. */
export type CounterArg = { offerId: string; amount: number };

/** The most photos one message carries (the API refuses more). */
export const MESSAGE_PHOTOS_MAX = 4;

/**
 * True when the other person has read a message the caller sent at
 * createdAt: their read mark is at or after it.
 */
export function seenBy(otherReadAt: string | null | undefined, createdAt: string): boolean {
  if (!otherReadAt) return false;
  return new Date(otherReadAt).getTime() >= new Date(createdAt).getTime();
}

/** PUT or DELETE /api/users/{id}/block. */
export type BlockArg = { userId: string; block: boolean };

/** POST /api/conversations/{id}/report body. */
export type ConversationReport = { reason: ReportReason; note?: string };

export const CONVERSATIONS_KEY = "/api/conversations";
export const ADMIN_CONVERSATIONS_KEY = "/api/admin/conversations";
export const OFFERS_KEY = "/api/offers";

/** The longest message, in characters, after trimming. */
export const MESSAGE_MAX = 2000;

/** The longest note on a report. */
export const REPORT_NOTE_MAX = 500;

/** The SWR key of one conversation's header. */
export function conversationKey(id: string): string {
  return `${CONVERSATIONS_KEY}/${encodeURIComponent(id)}`;
}

/** The SWR key (first page) of one conversation's messages. */
export function messagesKey(id: string): string {
  return `${conversationKey(id)}/messages`;
}

/** True for every conversation answer: the inbox, the count, threads, their messages, and the admins' list. */
export function isConversationKey(key: string): boolean {
  return (
    key === CONVERSATIONS_KEY ||
    key.startsWith(`${CONVERSATIONS_KEY}?`) ||
    key.startsWith(`${CONVERSATIONS_KEY}/`) ||
    key === ADMIN_CONVERSATIONS_KEY ||
    key.startsWith(`${ADMIN_CONVERSATIONS_KEY}?`)
  );
}

/** True for what a read mark changes: the inbox, the count and the threads' headers (not their messages). */
function isReadMarkKey(key: string): boolean {
  return isConversationKey(key) && !/\/messages(\?|$)/.test(key);
}

/**
 * True for one thread's header (GET /api/conversations/{id}): what a
 * booking's change changes (where the trade stands), not the inbox, the
 * count or the messages.
 */
export function isThreadHeaderKey(key: string): boolean {
  return /^\/api\/conversations\/[^/?]+$/.test(key) && key !== `${CONVERSATIONS_KEY}/unread`;
}

/** useConversations loads the caller's threads, newest activity first, a page at a time. */
export function useConversations(enabled = true) {
  return usePagedList<Conversation>(enabled ? CONVERSATIONS_KEY : null);
}

/** useConversation loads one thread's header (404 for other people's). */
export function useConversation(id: string | undefined) {
  return useSWR<ReportedConversation, ApiError>(id ? conversationKey(id) : null);
}

/** useMessages loads a thread's messages, newest first, older ones a page at a time. */
export function useMessages(id: string | undefined) {
  return usePagedList<Message>(id ? messagesKey(id) : null);
}

/** useAdminConversations pages through the reported threads (admin). */
export function useAdminConversations() {
  return usePagedList<ReportedConversation>(ADMIN_CONVERSATIONS_KEY);
}

/**
 * useStartConversation opens (or continues) the caller's one thread about a
 * laptop with a first message, and resolves to its id.
 */
export function useStartConversation() {
  const revalidate = useRevalidate(isConversationKey);
  return useSWRMutation<{ _id: string }, ApiError, string, NewConversation>(CONVERSATIONS_KEY, async (path, { arg }) => {
    const res = await apiFetch<{ _id: string }>(path, { method: "POST", json: { productId: arg.productId, text: arg.text.trim() } });
    await revalidate();
    return res;
  });
}

/**
 * useSendMessage sends words or an offer in one thread, then, done or
 * refused (a 403 may mean a block the list does not show yet), refetches
 * the conversations.
 */
export function useSendMessage(id: string) {
  const revalidate = useRevalidate(isConversationKey);
  return useSWRMutation<Message, ApiError, string, NewMessage>(messagesKey(id), async (path, { arg }) => {
    try {
      let body: Record<string, unknown>;
      if ("offer" in arg) body = { offer: arg.offer };
      else if (arg.photos && arg.photos.length > 0) body = arg.text.trim() ? { text: arg.text.trim(), photos: arg.photos } : { photos: arg.photos };
      else body = { text: arg.text.trim() };
      return await apiFetch<Message>(path, { method: "POST", json: body });
    } finally {
      await revalidate();
    }
  });
}

/** useMarkConversationRead marks one thread read for the caller, then refetches the counts. */
export function useMarkConversationRead() {
  const revalidate = useRevalidate(isReadMarkKey);
  return useSWRMutation<unknown, ApiError, string, string>(`${CONVERSATIONS_KEY}/read`, async (_key, { arg: id }) => {
    try {
      return await apiFetch<unknown>(`${conversationKey(id)}/read`, { method: "PUT" });
    } finally {
      await revalidate();
    }
  });
}

/** useAnswerOffer accepts or declines an offer (the side that did not make it), then refetches the conversations. */
export function useAnswerOffer() {
  const revalidate = useRevalidate(isConversationKey);
  return useSWRMutation<unknown, ApiError, string, OfferAnswer>(OFFERS_KEY, async (path, { arg }) => {
    try {
      return await apiFetch<unknown>(`${path}/${encodeURIComponent(arg.offerId)}/${arg.answer}`, { method: "PUT" });
    } finally {
      await revalidate();
    }
  });
}

/** useCounterOffer answers the buyer's offer with the seller's price, then refetches the conversations. */
export function useCounterOffer() {
  const revalidate = useRevalidate(isConversationKey);
  return useSWRMutation<Message, ApiError, string, CounterArg>(`${OFFERS_KEY}/counter`, async (_key, { arg }) => {
    try {
      return await apiFetch<Message>(`${OFFERS_KEY}/${encodeURIComponent(arg.offerId)}/counter`, { method: "PUT", json: { amount: arg.amount } });
    } finally {
      await revalidate();
    }
  });
}

/** useBlockUser blocks (or unblocks) a person, then refetches the conversations (their `blocked`). */
export function useBlockUser() {
  const revalidate = useRevalidate(isConversationKey);
  return useSWRMutation<unknown, ApiError, string, BlockArg>("/api/users/block", async (_key, { arg }) => {
    try {
      return await apiFetch<unknown>(`/api/users/${encodeURIComponent(arg.userId)}/block`, { method: arg.block ? "PUT" : "DELETE" });
    } finally {
      await revalidate();
    }
  });
}

/** useReportConversation sends a thread to the admins with a reason and an optional note. */
export function useReportConversation(id: string) {
  const revalidate = useRevalidate(isConversationKey);
  return useSWRMutation<unknown, ApiError, string, ConversationReport>(`${conversationKey(id)}/report`, async (path, { arg }) => {
    const note = arg.note?.trim();
    try {
      return await apiFetch<unknown>(path, { method: "POST", json: note ? { reason: arg.reason, note } : { reason: arg.reason } });
    } finally {
      await revalidate();
    }
  });
}

// The number of conversations with unread messages, for the header and the
// dashboard menu. Its own small module: every page's header asks for it,
// while the rest of the conversations (api/conversations.ts) loads with the
// pages that talk.
import useSWR from "swr";
import type { ApiError } from "@/lib/api";

/** GET /api/conversations/unread: threads with unread messages. */
export type ConversationUnread = { count: number };

export const CONVERSATIONS_UNREAD_KEY = "/api/conversations/unread";

/** How often the count is asked for while the tab is visible (a live event asks at once). */
export const CONVERSATIONS_POLL_MS = 30_000;

/**
 * useConversationUnread is the number of threads with unread messages for
 * the header and the menu, or nothing when signed out. Like the bell's
 * count it is asked again every 30 s while the tab is visible and when it
 * regains focus; a live event asks at once.
 */
export function useConversationUnread(signedIn: boolean) {
  return useSWR<ConversationUnread, ApiError>(signedIn ? CONVERSATIONS_UNREAD_KEY : null, {
    refreshInterval: CONVERSATIONS_POLL_MS,
    refreshWhenHidden: false,
    revalidateOnFocus: true,
  });
}

// Notifications: what the shop told the signed-in user (the bell and its
// page), and which kinds also come by email. Wire types, SWR keys (the API
// paths) and hooks; every write refetches what it changes (the list, the
// bell's count, the settings) before its trigger resolves.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";

/** One notification as GET /api/notifications answers it. */
export type Notification = {
  _id: string;
  kind: string;
  title: string;
  body: string;
  /** A same-origin path of the thing it is about, or "". */
  link: string;
  /** RFC 3339. */
  createdAt: string;
  read: boolean;
};

/** GET /api/notifications/unread. */
export type UnreadCount = { count: number };

/**
 * GET and PUT /api/me/notification-settings: each kind's email on or off,
 * and (#35, where the shop sends SMS) the few kinds that may also come by
 * SMS to a verified phone.
 */
export type NotificationSettings = { email: Record<string, boolean>; sms?: Record<string, boolean>; push?: Record<string, boolean> };

/** The ways a notification may also come: by email, (#35) by SMS, or (#37) pushed to the browsers the user enabled. */
export type Channel = "email" | "sms" | "push";

/** PUT /api/notifications/read body: some, or all. */
export type MarkRead = { ids: string[] } | { all: true };

/** The answer of an update. */
export type Modified = { acknowledged: boolean; modifiedCount: number };

export const NOTIFICATIONS_KEY = "/api/notifications";
export const UNREAD_KEY = "/api/notifications/unread";
export const NOTIFICATION_SETTINGS_KEY = "/api/me/notification-settings";
export const UNSUBSCRIBE_KEY = "/api/unsubscribe";

/** How often the bell asks for its count while the tab is visible. */
export const UNREAD_POLL_MS = 30_000;

/** True for the list and the bell's count. */
export function isNotificationKey(key: string): boolean {
  return key === NOTIFICATIONS_KEY || key.startsWith(`${NOTIFICATIONS_KEY}?`) || key === UNREAD_KEY;
}

function isSettingsKey(key: string): boolean {
  return key === NOTIFICATION_SETTINGS_KEY;
}

/**
 * useNotifications loads the signed-in user's notifications, newest first,
 * a page at a time, told in lang (#32: the server renders each, old ones
 * included, in the language shown now; a switch loads them again).
 */
export function useNotifications(lang: string) {
  return usePagedList<Notification>(`${NOTIFICATIONS_KEY}?lang=${encodeURIComponent(lang)}`);
}

/**
 * useUnreadCount is the bell's number, or nothing when signed out. It is
 * asked again every 30 s while the tab is visible (SWR skips hidden tabs)
 * and when the tab regains focus: one small query, no reload.
 */
export function useUnreadCount(signedIn: boolean) {
  return useSWR<UnreadCount, ApiError>(signedIn ? UNREAD_KEY : null, {
    refreshInterval: UNREAD_POLL_MS,
    refreshWhenHidden: false,
    revalidateOnFocus: true,
  });
}

/** useMarkNotificationsRead marks some or all as read, then refetches the list and the count. */
export function useMarkNotificationsRead() {
  const revalidate = useRevalidate(isNotificationKey);
  return useSWRMutation<Modified, ApiError, string, MarkRead>(`${NOTIFICATIONS_KEY}/read`, async (path, { arg }) => {
    try {
      return await apiFetch<Modified>(path, { method: "PUT", json: arg });
    } finally {
      await revalidate();
    }
  });
}

/** useNotificationSettings loads which kinds come by email. */
export function useNotificationSettings(signedIn: boolean) {
  return useSWR<NotificationSettings, ApiError>(signedIn ? NOTIFICATION_SETTINGS_KEY : null);
}

/** useUpdateNotificationSettings turns the kinds named on or off, by email or by SMS; the answer is every kind's setting. */
export function useUpdateNotificationSettings(channel: Channel = "email") {
  const revalidate = useRevalidate(isSettingsKey);
  return useSWRMutation<NotificationSettings, ApiError, string, Record<string, boolean>>(NOTIFICATION_SETTINGS_KEY, async (path, { arg }) => {
    try {
      return await apiFetch<NotificationSettings>(path, { method: "PUT", json: { [channel]: arg } });
    } finally {
      await revalidate();
    }
  });
}

/** useUnsubscribe turns off the kind of email an unsubscribe link's token names (no sign-in needed). */
export function useUnsubscribe() {
  const revalidate = useRevalidate(isSettingsKey);
  return useSWRMutation<unknown, ApiError, string, string>(UNSUBSCRIBE_KEY, async (path, { arg: token }) => {
    try {
      return await apiFetch<unknown>(`${path}?token=${encodeURIComponent(token)}`, { method: "POST" });
    } finally {
      await revalidate();
    }
  });
}

/** GET /api/admin/mail-failures: an email that failed for good, or is failing and retried. */
export type MailFailure = {
  _id: string;
  /** A notification's email, or an account link's (reset, verification). */
  source: "notification" | "account";
  kind: string;
  to: string;
  createdAt: string;
  attempts: number;
  error: string;
  /** When the shop gave up on it; null while it is still retried. */
  gaveUpAt: string | null;
};

/** The SWR key of the admin's list of failed emails. */
export const MAIL_FAILURES_KEY = "/api/admin/mail-failures";

/** useMailFailures pages through the emails that failed, newest first (admin). */
export function useMailFailures() {
  return usePagedList<MailFailure>(MAIL_FAILURES_KEY);
}

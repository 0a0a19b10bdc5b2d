// Live updates: one Server-Sent Events stream per signed-in tab. The
// stream is opened with a single-use ticket (POST /api/events/ticket), so
// the access token never travels in a URL; each event names a kind, and
// the answers of that kind are fetched again: the page never reloads.
import { useEffect, useRef } from "react";
import { isBookingKey } from "@/api/bookings";
import { isConversationKey, isThreadHeaderKey } from "@/api/conversations";
import { isLeadKey } from "@/api/leads";
import { isNotificationKey } from "@/api/notifications";
import { apiFetch } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";

export const EVENTS_TICKET_KEY = "/api/events/ticket";
export const EVENTS_KEY = "/api/events";

/** The first wait before reconnecting; it doubles up to MAX_BACKOFF_MS while failures go on. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;

/** A tab hidden this long closes its stream; it opens again (and catches up) when shown. */
export const HIDDEN_PAUSE_MS = 5 * 60_000;

/** The kinds of event the stream sends. */
export type LiveKind = "message" | "notification" | "booking";

/** POST /api/events/ticket. */
export type EventTicket = { ticket: string };

/** The stream's address for a ticket, resuming after the last event seen. */
export function eventsUrl(ticket: string, lastEventId: string | null): string {
  const q = new URLSearchParams({ ticket });
  if (lastEventId) q.set("lastEventId", lastEventId);
  return `${EVENTS_KEY}?${q.toString()}`;
}

/** A booking's change: the bookings, the leads, and the threads' headers (where the trade stands). */
function isBookingOrLeadKey(key: string): boolean {
  return isBookingKey(key) || isLeadKey(key) || isThreadHeaderKey(key);
}

/**
 * useLiveEvents keeps the stream open while mounted (mount it once, for a
 * signed-in user only): `message` refetches the conversations (inbox,
 * counts, threads), `notification` the bell and its list, `booking` the
 * bookings, leads and the threads' headers (Booked, Sold). When the stream fails it is closed and, after a wait
 * of 1 s doubling to 30 s, opened again with a new ticket from the last
 * event seen, so nothing is missed. Unmounting (signing out) closes it.
 */
export function useLiveEvents(): void {
  const onMessage = useRevalidate(isConversationKey);
  const onNotification = useRevalidate(isNotificationKey);
  const onBooking = useRevalidate(isBookingOrLeadKey);
  const handlers = useRef<Record<LiveKind, () => Promise<void>>>({ message: onMessage, notification: onNotification, booking: onBooking });
  useEffect(() => {
    handlers.current = { message: onMessage, notification: onNotification, booking: onBooking };
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_BACKOFF_MS;
    let lastEventId: string | null = null;
    let stopped = false;
    let paused = false;
    // a stream opened before: a new one may have missed events
    let opened = false;
    // which connect() is current: an older one still waiting for its ticket gives up
    let attempt = 0;

    const close = () => {
      source?.close();
      source = null;
    };

    const retry = () => {
      if (stopped || paused) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, MAX_BACKOFF_MS);
    };

    async function connect() {
      const mine = ++attempt;
      let ticket: string;
      try {
        ({ ticket } = await apiFetch<EventTicket>(EVENTS_TICKET_KEY, { method: "POST" }));
      } catch {
        // a 401 signs the user out (and unmounts this); anything else: try again later
        if (mine === attempt) retry();
        return;
      }
      if (stopped || paused || mine !== attempt) return;
      const es = new EventSource(eventsUrl(ticket, lastEventId));
      source = es;
      es.onopen = () => {
        delay = FIRST_BACKOFF_MS;
        // With no event seen yet there is no id to resume from: what changed
        // while the stream was down is fetched again instead.
        if (opened && lastEventId === null) for (const refresh of Object.values(handlers.current)) void refresh();
        opened = true;
      };
      es.onerror = () => {
        // the browser would retry with the used ticket: close, and come back with a new one
        if (source !== es) return;
        close();
        retry();
      };
      for (const kind of ["message", "notification", "booking"] as const) {
        es.addEventListener(kind, (e: MessageEvent) => {
          if (e.lastEventId) lastEventId = e.lastEventId;
          void handlers.current[kind]();
        });
      }
    }

    // A tab left hidden for long lets its stream go; shown again, it
    // reconnects from the last event seen, which replays what it missed.
    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.visibilityState === "hidden") {
        hiddenTimer = setTimeout(() => {
          paused = true;
          clearTimeout(retryTimer);
          close();
        }, HIDDEN_PAUSE_MS);
      } else if (paused) {
        paused = false;
        delay = FIRST_BACKOFF_MS;
        void connect();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);

    void connect();
    return () => {
      stopped = true;
      attempt++;
      clearTimeout(retryTimer);
      clearTimeout(hiddenTimer);
      document.removeEventListener("visibilitychange", onVisibility);
      close();
    };
  }, []);
}

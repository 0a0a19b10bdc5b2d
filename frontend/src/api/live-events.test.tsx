import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig, type Cache } from "swr";
import useSWR from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventsUrl, FIRST_BACKOFF_MS, MAX_BACKOFF_MS, useLiveEvents } from "@/api/live-events";
import { fetcher, TOKEN_KEY } from "@/lib/api";
import { jsonResponse, requestsTo, stubApi } from "@/test/render-app";

/** A stand-in for the browser's EventSource: the test opens, sends and breaks it. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  /** The server sends an event. */
  emit(type: string, id: string, data: unknown) {
    const e = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  static get last(): FakeEventSource {
    return FakeEventSource.all[FakeEventSource.all.length - 1]!;
  }
}

/** The hook, and an SWR key of each kind on screen, so a test sees what an event refetched. */
function Probe() {
  useLiveEvents();
  useSWR("/api/conversations/unread");
  useSWR("/api/notifications/unread");
  useSWR("/api/leads/new");
  useSWR("/api/conversations/5");
  return null;
}

function renderHook(children: ReactNode = <Probe />) {
  const cache: Cache = new Map();
  return render(<SWRConfig value={{ provider: () => cache, fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>);
}

/** Lets pending promises (the ticket's fetch) settle under fake timers. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

describe("useLiveEvents", () => {
  let tickets = 0;
  let api: ReturnType<typeof stubApi>;

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    FakeEventSource.all = [];
    tickets = 0;
    localStorage.setItem(TOKEN_KEY, "tok");
    vi.stubGlobal("EventSource", FakeEventSource);
    api = stubApi({
      "POST /api/events/ticket": () => jsonResponse(200, { ticket: `t${++tickets}` }),
      "/api/conversations/unread": { count: 0 },
      "/api/notifications/unread": { count: 0 },
      "/api/leads/new": { count: 0 },
      "/api/conversations/5": {},
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the stream with a ticket and refetches each kind's answers on its event", async () => {
    renderHook();
    await flush();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.last.url).toBe("/api/events?ticket=t1");
    const calls = (path: string) => requestsTo(api, path).length;
    const before = { c: calls("/api/conversations/unread"), n: calls("/api/notifications/unread"), l: calls("/api/leads/new") };

    act(() => FakeEventSource.last.emit("message", "11", { conversationId: "5", id: "3" }));
    await flush();
    expect(calls("/api/conversations/unread")).toBe(before.c + 1);
    expect(calls("/api/notifications/unread")).toBe(before.n);

    act(() => FakeEventSource.last.emit("notification", "12", { id: "1", kind: "message_received" }));
    await flush();
    expect(calls("/api/notifications/unread")).toBe(before.n + 1);

    const header = calls("/api/conversations/5");
    act(() => FakeEventSource.last.emit("booking", "13", { id: "77", status: "accepted" }));
    await flush();
    expect(calls("/api/leads/new")).toBe(before.l + 1);
    expect(calls("/api/conversations/unread")).toBe(before.c + 1);
    // an open thread's header says Booked or Sold at once (#32)
    expect(calls("/api/conversations/5")).toBe(header + 1);
  });

  it("on an error closes the stream, waits 1 s doubling to 30 s, and reconnects with a new ticket from the last event seen", async () => {
    renderHook();
    await flush();
    const first = FakeEventSource.last;
    act(() => first.emit("message", "41", {}));
    act(() => first.emit("notification", "42", {}));
    act(() => first.onerror?.());
    expect(first.closed).toBe(true);

    // nothing before the first second
    await act(async () => vi.advanceTimersByTime(FIRST_BACKOFF_MS - 1));
    await flush();
    expect(FakeEventSource.all).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(requestsTo(api, "/api/events/ticket", "POST")).toHaveLength(2);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe(eventsUrl("t2", "42"));
    expect(FakeEventSource.last.url).toBe("/api/events?ticket=t2&lastEventId=42");

    // failing again: 2 s, then 4 s ...
    act(() => FakeEventSource.last.onerror?.());
    await act(async () => vi.advanceTimersByTime(2 * FIRST_BACKOFF_MS - 1));
    await flush();
    expect(FakeEventSource.all).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(FakeEventSource.all).toHaveLength(3);
    expect(FakeEventSource.last.url).toBe("/api/events?ticket=t3&lastEventId=42");

    // ... never longer than 30 s
    for (let i = 0; i < 8; i++) {
      act(() => FakeEventSource.last.onerror?.());
      await act(async () => vi.advanceTimersByTime(MAX_BACKOFF_MS));
      await flush();
    }
    expect(FakeEventSource.all).toHaveLength(11);

    // an open stream starts the wait over at 1 s
    act(() => FakeEventSource.last.onopen?.());
    act(() => FakeEventSource.last.onerror?.());
    await act(async () => vi.advanceTimersByTime(FIRST_BACKOFF_MS));
    await flush();
    expect(FakeEventSource.all).toHaveLength(12);
  });

  it("refetches everything on a reconnect when no event id was seen to resume from", async () => {
    renderHook();
    await flush();
    act(() => FakeEventSource.last.onopen?.());
    await flush();
    const calls = () => requestsTo(api, "/api/notifications/unread").length + requestsTo(api, "/api/leads/new").length;
    const before = calls();
    act(() => FakeEventSource.last.onerror?.());
    await act(async () => vi.advanceTimersByTime(FIRST_BACKOFF_MS));
    await flush();
    expect(FakeEventSource.last.url).toBe("/api/events?ticket=t2");
    act(() => FakeEventSource.last.onopen?.());
    await flush();
    expect(calls()).toBe(before + 2);
  });

  it("tries again later when no ticket can be had", async () => {
    let refuse = true;
    api = stubApi({
      "POST /api/events/ticket": () => (refuse ? jsonResponse(503, { message: "down" }) : jsonResponse(200, { ticket: "ok" })),
    });
    renderHook(<LiveOnly />);
    await flush();
    expect(FakeEventSource.all).toHaveLength(0);
    refuse = false;
    await act(async () => vi.advanceTimersByTime(FIRST_BACKOFF_MS));
    await flush();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.last.url).toBe("/api/events?ticket=ok");
  });

  it("closes the stream and stops reconnecting when unmounted (signed out)", async () => {
    const open = renderHook(<LiveOnly />);
    await flush();
    const es = FakeEventSource.last;
    expect(es.closed).toBe(false);
    open.unmount();
    expect(es.closed).toBe(true);

    // a reconnect waiting for its time is called off too
    const failing = renderHook(<LiveOnly />);
    await flush();
    act(() => FakeEventSource.last.onerror?.());
    failing.unmount();
    await act(async () => vi.advanceTimersByTime(MAX_BACKOFF_MS * 2));
    await flush();
    expect(FakeEventSource.all).toHaveLength(2);
    expect(requestsTo(api, "/api/events/ticket", "POST")).toHaveLength(2);
  });
});

function LiveOnly() {
  useLiveEvents();
  return null;
}

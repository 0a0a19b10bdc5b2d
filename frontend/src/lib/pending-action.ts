// The action that sent a visitor to log in (save a laptop, chat with its
// seller, book it, report it, save a search), finished once they are back.
// A signed-out tap remembers it (rememberAction); the log-in, sign-up or
// Google page that signs them in arms it for that account, if it is
// going back to the page the tap was on (armAction); that page performs
// it once (takeAction removes it first, so a reload does not repeat it).
// Only known actions on this site's paths, for a short while, are ever
// read back: whatever else is stored is dropped.
import { safePath } from "@/lib/return-path";

/** What a signed-out visitor tried to do. */
export const PENDING_ACTIONS = ["favourite", "chat", "book", "report", "savedSearch"] as const;
export type PendingActionKind = (typeof PENDING_ACTIONS)[number];

/** A remembered action: on which page (path and query), of which product, for whom once armed. */
export type PendingAction = {
  action: PendingActionKind;
  /** The page's path and query (no hash), as pathOf makes it. */
  path: string;
  /** The product's id; none for savedSearch. */
  product?: string;
  /** The account that signed in to finish it (armAction); none before. */
  user?: string;
  /** When it was remembered, then armed (ms since the epoch). */
  at: number;
};

/** localStorage key: the verification link may open in another tab, which can finish it too. */
export const PENDING_ACTION_KEY = "resale:pending-action";

/** How long a remembered action waits (to be armed, then performed): 30 minutes. */
export const PENDING_ACTION_LIFE = 30 * 60 * 1000;

/** Writing a booking or a message needs a proven email where the shop sends mail. */
export function needsVerifiedEmail(action: PendingActionKind): boolean {
  return action === "book" || action === "chat";
}

const ID = /^[0-9]{1,19}$/;

/** pathOf is a location's path and query: what a remembered action is matched against. */
export function pathOf(location: { pathname: string; search?: string }): string {
  return location.pathname + (location.search ?? "");
}

/** The path part of a return path (its hash dropped). */
function withoutHash(p: string): string {
  const at = p.indexOf("#");
  return at < 0 ? p : p.slice(0, at);
}

/**
 * parsePendingAction reads what was stored: a known action, a path on
 * this site (not a sign-in page), a product id when the action is about
 * one, and no older than PENDING_ACTION_LIFE; null for anything else.
 */
export function parsePendingAction(raw: unknown, now: number): PendingAction | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const action = r.action;
  if (typeof action !== "string" || !(PENDING_ACTIONS as readonly string[]).includes(action)) return null;
  const kind = action as PendingActionKind;
  if (typeof r.path !== "string" || r.path.includes("#")) return null;
  // safePath turns an outside or sign-in address into the default one
  if (safePath(r.path) !== r.path) return null;
  const product = r.product;
  if (kind === "savedSearch" ? product !== undefined : typeof product !== "string" || !ID.test(product)) return null;
  const user = r.user;
  if (user !== undefined && (typeof user !== "string" || !ID.test(user))) return null;
  const at = r.at;
  if (typeof at !== "number" || !Number.isFinite(at) || at > now + 60_000 || now - at > PENDING_ACTION_LIFE) return null;
  const out: PendingAction = { action: kind, path: r.path, at };
  if (typeof product === "string") out.product = product;
  if (typeof user === "string") out.user = user;
  return out;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (a private mode): the action is not finished, as before
  }
}

/** readPendingAction is the stored action, checked; anything unreadable is dropped. */
export function readPendingAction(now = Date.now()): PendingAction | null {
  const s = storage();
  const text = s?.getItem(PENDING_ACTION_KEY);
  if (!s || !text) return null;
  let parsed: PendingAction | null = null;
  try {
    parsed = parsePendingAction(JSON.parse(text), now);
  } catch {
    parsed = null;
  }
  if (!parsed) s.removeItem(PENDING_ACTION_KEY);
  return parsed;
}

/** forgetPendingAction drops the stored action. */
export function forgetPendingAction(): void {
  storage()?.removeItem(PENDING_ACTION_KEY);
}

function write(a: PendingAction): void {
  try {
    storage()?.setItem(PENDING_ACTION_KEY, JSON.stringify(a));
  } catch {
    // full or refused: nothing to finish later
  }
}

/**
 * rememberAction keeps what a signed-out visitor tapped on this page
 * (path and query as pathOf makes them), replacing any earlier one.
 */
export function rememberAction(action: PendingActionKind, path: string, product?: string, now = Date.now()): void {
  const a = parsePendingAction({ action, path, product, at: now }, now);
  if (a) write(a);
  else forgetPendingAction();
}

/**
 * armAction is called as an account signs in on its way to `from`: the
 * remembered action becomes that account's to finish when it was made on
 * that page; any other is dropped (they went elsewhere since).
 */
export function armAction(from: string, userId: string, now = Date.now()): void {
  const a = readPendingAction(now);
  if (!a) return;
  if (a.user !== undefined || a.path !== withoutHash(from) || !ID.test(userId)) {
    forgetPendingAction();
    return;
  }
  write({ ...a, user: userId, at: now });
}

/**
 * peekAction is the armed action of this account on this page that
 * accept takes, left in place; null when there is none.
 */
export function peekAction(path: string, userId: string, accept: (a: PendingAction) => boolean, now = Date.now()): PendingAction | null {
  const a = readPendingAction(now);
  if (!a || a.user !== userId || a.path !== path || !accept(a)) return null;
  return a;
}

/** takeAction is peekAction that removes it: it is performed once. */
export function takeAction(path: string, userId: string, accept: (a: PendingAction) => boolean, now = Date.now()): PendingAction | null {
  const a = peekAction(path, userId, accept, now);
  if (a) forgetPendingAction();
  return a;
}

// Accounts as the admin sees them: wire types, SWR keys (the API paths) and
// hooks. Every write, done or refused, refetches every user list and the
// product lists (a verified seller's products gain the badge; a deleted
// seller's disappear), paged ones on screen included, before its trigger
// resolves; pages do nothing.
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
import { useRevalidate } from "@/lib/revalidate";
import type { Role } from "@/lib/auth";

/** A user as GET /api/users answers it (the spec's field names). */
export type UserRecord = {
  _id: string;
  userName: string;
  email: string;
  /** Same-origin photo url; may be empty (e.g. an account made elsewhere). */
  userPhoto?: string;
  role: Role;
  /** "verify" for a verified seller, empty otherwise. */
  verify: "verify" | "";
  /** When an admin's suspension of the account ends (#32); absent when never suspended; may be past. */
  suspendedUntil?: string;
};

/** The roles an admin can list on their own. */
export type ListedRole = "Buyer" | "Seller";

/** The answer of a delete. */
export type Deleted = { deletedCount: number };
/** The answer of an update. */
export type Modified = { acknowledged: boolean; modifiedCount: number };

export const USERS_KEY = "/api/users";

/** The SWR key of all users, or of one role's users. */
export function usersKey(role?: ListedRole): string {
  return role ? `${USERS_KEY}?role=${role}` : USERS_KEY;
}

/**
 * True for every SWR key a user write can change: the user lists (all and
 * by role) and the product lists (public, advertised, a seller's, reported).
 * Not /api/me nor /api/users/seller/... lookups of other screens.
 */
export function isUserWriteKey(key: unknown): boolean {
  if (typeof key !== "string") return false;
  return (
    key === USERS_KEY ||
    key.startsWith(`${USERS_KEY}?`) ||
    key.startsWith("/api/products") ||
    key.startsWith("/api/advertised") ||
    key.startsWith("/api/userProducts")
  );
}

/**
 * The email as a path segment: escaped where it would break the path (/,
 * ?, #, %, spaces), while "@" and "+" stay literal for readable URLs and
 * logs. The server percent-decodes the segment, so either spelling of an
 * address reaches the same account.
 */
export function emailSegment(email: string): string {
  return encodeURIComponent(email).replace(/%40/g, "@").replace(/%2B/gi, "+");
}

/**
 * useUsers loads every user, or only the buyers or the sellers (admin), a
 * page at a time (see usePagedList).
 */
export function useUsers(role?: ListedRole) {
  return usePagedList<UserRecord>(usersKey(role));
}

/**
 * useUserWrite is an admin's write to one account, named by `key`, that
 * sends `send(arg)`, then, done or refused, refetches what a user write
 * touches.
 */
function useUserWrite<Res>(key: string, send: (arg: string) => Promise<Res>) {
  const revalidate = useRevalidate(isUserWriteKey);
  return useSWRMutation<Res, ApiError, string, string>(key, async (_key, { arg }) => {
    try {
      return await send(arg);
    } finally {
      await revalidate();
    }
  });
}

/** The lengths, in days, an admin may suspend an account for. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

/** The answer of a suspension: until when. */
export type Suspended = { acknowledged: boolean; suspendedUntil: string };

/** An admin's action on one account, with the reason the person is told. */
export type UserAction = { id: string; reason: string };

/**
 * useUserActionWrite is useUserWrite for an action with a body: the account's
 * id and the reason (plus, for a suspension, the days).
 */
function useUserActionWrite<Res, Arg extends UserAction>(key: string, send: (arg: Arg) => Promise<Res>) {
  const revalidate = useRevalidate(isUserWriteKey);
  return useSWRMutation<Res, ApiError, string, Arg>(key, async (_key, { arg }) => {
    try {
      return await send(arg);
    } finally {
      await revalidate();
    }
  });
}

/**
 * useDeleteUser removes an account by id (admin; never oneself or another
 * admin), with the reason the audit log keeps and the person's email says.
 */
export function useDeleteUser() {
  return useUserActionWrite<Deleted, UserAction>(`${USERS_KEY}#delete`, ({ id, reason }) =>
    apiFetch<Deleted>(`${USERS_KEY}/${encodeURIComponent(id)}`, reason ? { method: "DELETE", json: { reason } } : { method: "DELETE" }),
  );
}

/** useWarnUser warns an account (admin): the person is told the reason; nothing else changes. */
export function useWarnUser() {
  return useUserActionWrite<Modified, UserAction>(`${USERS_KEY}#warn`, ({ id, reason }) =>
    apiFetch<Modified>(`${USERS_KEY}/${encodeURIComponent(id)}/warn`, { method: "POST", json: { reason } }),
  );
}

/** useSuspendUser suspends an account for 1, 7 or 30 days (admin): its sessions end at once; the person is told until when and why. */
export function useSuspendUser() {
  return useUserActionWrite<Suspended, UserAction & { days: SuspensionDays }>(`${USERS_KEY}#suspend`, ({ id, reason, days }) =>
    apiFetch<Suspended>(`${USERS_KEY}/${encodeURIComponent(id)}/suspend`, { method: "POST", json: { days, reason } }),
  );
}

/** useVerifySeller marks a seller, by email, as verified (admin). */
export function useVerifySeller() {
  return useUserWrite(`${USERS_KEY}#verify`, (email) => apiFetch<Modified>(`${USERS_KEY}/${emailSegment(email)}`, { method: "PUT" }));
}

/** useUnverifySeller takes a seller's verified badge away, by email (admin); the server writes the audit log. */
export function useUnverifySeller() {
  return useUserWrite(`${USERS_KEY}#unverify`, (email) => apiFetch<Modified>(`${USERS_KEY}/${emailSegment(email)}/verify`, { method: "DELETE" }));
}

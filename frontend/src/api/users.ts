// Accounts as the admin sees them: wire types, SWR keys (the API paths) and
// hooks. Every write revalidates every user list and the product lists (a
// verified seller's products gain the badge; a deleted seller's disappear);
// the paged list on screen is reloaded by its page (usePagedList).
import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, type ApiError } from "@/lib/api";
import { usePagedList } from "@/lib/paged-list";
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
 * The email as a path segment. The server reads the segment as sent (it
 * does not percent-decode it), so "@" and "+" stay literal; anything that
 * would break the path (/, ?, #, %, spaces) is still escaped.
 */
export function emailSegment(email: string): string {
  return encodeURIComponent(email).replace(/%40/g, "@").replace(/%2B/gi, "+");
}

/**
 * useUsers loads every user, or only the buyers or the sellers (admin), a
 * page at a time (see usePagedList). Call reload after a write.
 */
export function useUsers(role?: ListedRole) {
  return usePagedList<UserRecord>(usersKey(role));
}

/** useRevalidateAfterUserWrite returns a function that refetches what a user write touched. */
function useRevalidateAfterUserWrite() {
  const { mutate } = useSWRConfig();
  return () => mutate(isUserWriteKey);
}

/** useDeleteUser removes an account by id (admin; never oneself or another admin). */
export function useDeleteUser() {
  const revalidate = useRevalidateAfterUserWrite();
  return useSWRMutation<Deleted, ApiError, string, string>(`${USERS_KEY}#delete`, async (_key, { arg: id }) => {
    const res = await apiFetch<Deleted>(`${USERS_KEY}/${encodeURIComponent(id)}`, { method: "DELETE" });
    await revalidate();
    return res;
  });
}

/** useVerifySeller marks a seller, by email, as verified (admin). */
export function useVerifySeller() {
  const revalidate = useRevalidateAfterUserWrite();
  return useSWRMutation<Modified, ApiError, string, string>(`${USERS_KEY}#verify`, async (_key, { arg: email }) => {
    const res = await apiFetch<Modified>(`${USERS_KEY}/${emailSegment(email)}`, { method: "PUT" });
    await revalidate();
    return res;
  });
}

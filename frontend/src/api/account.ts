// The signed-in user's own account, and getting back into one: forgotten
// password, reset, email verification, password change, profile, becoming
// a seller. Wire types, SWR keys (the API paths) and hooks; a write that
// changes the user refetches (or replaces) /api/me before it resolves.
import useSWR, { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import type { AuthResponse } from "@/api/auth";
import { apiFetch, type ApiError } from "@/lib/api";
import { announceAccountChange, ME_KEY, type User } from "@/lib/auth";
import type { Lang } from "@/lib/i18n";

/** POST /api/auth/reset body. */
export type ResetBody = { token: string; password: string };

/**
 * POST /api/auth/verify-email body: the link's token, and, when the link
 * alone is not enough (409 password_needed), the account's password or a
 * new one that takes the account over ("I did not create this account").
 */
export type VerifyEmailBody = { token: string; password?: string; newPassword?: string };

/** POST /api/auth/verify-email answer: the user, and a token when the answer signs this browser in (a password or a take-over, with no other account's session here). */
export type Verified = { user: User; accessToken?: string };

/** The code of the 409 whose body also names the link's address (`email`). */
export const PASSWORD_NEEDED = "password_needed";

/** PUT /api/me/password body. */
export type ChangePasswordBody = { currentPassword: string; newPassword: string };

/** PATCH /api/me body: any of these. */
export type ProfileChange = { userName?: string; language?: Lang; phone?: string };

/** An answer carrying a message for the visitor. */
export type Message = { message?: string };

export const FORGOT_KEY = "/api/auth/forgot";
export const RESET_KEY = "/api/auth/reset";
export const VERIFY_EMAIL_KEY = "/api/auth/verify-email";
export const RESET_CHECK_KEY = "/api/auth/reset/check";
export const VERIFY_CHECK_KEY = "/api/auth/verify-email/check";
export const RESEND_VERIFICATION_KEY = "/api/auth/resend-verification";
export const PASSWORD_KEY = "/api/me/password";
export const ROLE_KEY = "/api/me/role";

/** useForgotPassword asks for a reset link by email; the answer is the same whether or not the account exists. */
export function useForgotPassword() {
  return useSWRMutation<Message, ApiError, string, string>(FORGOT_KEY, (path, { arg: email }) =>
    apiFetch<Message>(path, { method: "POST", json: { email } }),
  );
}

/**
 * What became of an emailed link (POST /api/auth/reset/check or
 * /api/auth/verify-email/check): it still works, was used, ran out, or is
 * no link of ours. A verification link's answer says whether its
 * account's email is proven.
 */
export type LinkState = { state: "valid" | "used" | "expired" | "unknown"; emailVerified?: boolean };

/**
 * useLinkState asks once, as a link's page opens, what became of its
 * token (nothing is spent): the page says "already used" or "expired"
 * before anyone types. A malformed token is "unknown"; when the answer
 * fails otherwise (offline, too many checks) data stays undefined and
 * the page works as before, the server checking the link when it is used.
 */
export function useLinkState(path: typeof RESET_CHECK_KEY | typeof VERIFY_CHECK_KEY, token: string) {
  return useSWR<LinkState, ApiError, [string, string] | null>(
    token ? [path, token] : null,
    async ([p, tok]) => {
      try {
        return await apiFetch<LinkState>(p, { method: "POST", json: { token: tok } });
      } catch (err) {
        if ((err as ApiError).status === 400) return { state: "unknown" };
        throw err;
      }
    },
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}

/** useResetPassword sets a new password with the emailed token; the answer signs in. */
export function useResetPassword() {
  return useSWRMutation<AuthResponse, ApiError, string, ResetBody>(RESET_KEY, (path, { arg }) =>
    apiFetch<AuthResponse>(path, { method: "POST", json: arg }),
  );
}

/** useVerifyEmail proves the email with the token of the welcome email's link (and a password when asked for one), then refetches /api/me. */
export function useVerifyEmail() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Verified, ApiError, string, VerifyEmailBody>(VERIFY_EMAIL_KEY, async (path, { arg }) => {
    const res = await apiFetch<Verified>(path, { method: "POST", json: arg });
    await mutate(ME_KEY);
    // the tab where the banner was (the link opened from a mail app) follows
    announceAccountChange();
    return res;
  });
}

/** useResendVerification asks for a new verification link (signed in; throttled). */
export function useResendVerification() {
  return useSWRMutation<Message, ApiError, string>(RESEND_VERIFICATION_KEY, (path) => apiFetch<Message>(path, { method: "POST" }));
}

/** useChangePassword changes the password; the answer is a new token (every other session ends). */
export function useChangePassword() {
  return useSWRMutation<{ accessToken: string }, ApiError, string, ChangePasswordBody>(PASSWORD_KEY, (path, { arg }) =>
    apiFetch<{ accessToken: string }>(path, { method: "PUT", json: arg }),
  );
}

/** The user in a PATCH /api/me answer: the user itself, or {user}. */
function userOf(answer: User | { user: User }): User {
  return "user" in answer ? answer.user : answer;
}

/** useUpdateMe changes the name, phone or language, and puts the answer in /api/me. */
export function useUpdateMe() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<User, ApiError, string, ProfileChange>(`${ME_KEY}#patch`, async (_key, { arg }) => {
    const user = userOf(await apiFetch<User | { user: User }>(ME_KEY, { method: "PATCH", json: arg }));
    await mutate(ME_KEY, user, { revalidate: false });
    return user;
  });
}

/** useBecomeSeller turns a buyer into a seller; the answer signs in again with the new role. */
export function useBecomeSeller() {
  return useSWRMutation<AuthResponse, ApiError, string>(ROLE_KEY, (path) => apiFetch<AuthResponse>(path, { method: "PUT", json: { role: "Seller" } }));
}

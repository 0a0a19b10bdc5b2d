// Phone numbers people can trust (#35): a signed-in user proves their phone
// with a 6-digit SMS code, and a verified phone signs in with a code alone.
// Wire types, SWR keys (the API paths) and hooks; verifying puts the
// answered user in /api/me before it resolves.
import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import type { AuthResponse } from "@/api/auth";
import { apiFetch, type ApiError } from "@/lib/api";
import { announceAccountChange, ME_KEY, type User } from "@/lib/auth";

/** POST /api/me/phone's 202: the number as the server wrote it (E.164), when the code runs out, and the seconds before another may be asked for. */
export type CodeSent = { phone: string; expiresAt: string; retryAfter: number };

export const ME_PHONE_KEY = "/api/me/phone";
export const ME_PHONE_VERIFY_KEY = "/api/me/phone/verify";
export const AUTH_PHONE_KEY = "/api/auth/phone";
export const AUTH_PHONE_VERIFY_KEY = "/api/auth/phone/verify";

/** A code is this many digits. */
export const CODE_LENGTH = 6;

/** useSendPhoneCode texts a code to the number typed (any common writing; the server normalises it). */
export function useSendPhoneCode() {
  return useSWRMutation<CodeSent, ApiError, string, string>(ME_PHONE_KEY, (path, { arg: phone }) =>
    apiFetch<CodeSent>(path, { method: "POST", json: { phone } }),
  );
}

/** useVerifyPhone sends the code; the answer's user (phoneVerified) replaces /api/me. */
export function useVerifyPhone() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<{ user: User }, ApiError, string, string>(ME_PHONE_VERIFY_KEY, async (path, { arg: code }) => {
    const res = await apiFetch<{ user: User }>(path, { method: "POST", json: { code } });
    await mutate(ME_KEY, res.user, { revalidate: false });
    announceAccountChange();
    return res;
  });
}

/** usePhoneSignInCode asks for a sign-in code; the answer is the same whether or not the number is known. */
export function usePhoneSignInCode() {
  return useSWRMutation<unknown, ApiError, string, string>(AUTH_PHONE_KEY, (path, { arg: phone }) =>
    apiFetch<unknown>(path, { method: "POST", json: { phone } }),
  );
}

/** usePhoneSignIn trades a number and its code for a token, as the password log-in does. */
export function usePhoneSignIn() {
  return useSWRMutation<AuthResponse, ApiError, string, { phone: string; code: string }>(AUTH_PHONE_VERIFY_KEY, (path, { arg }) =>
    apiFetch<AuthResponse>(path, { method: "POST", json: arg }),
  );
}

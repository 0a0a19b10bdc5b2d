// Accounts: wire types and hooks for sign-up, log-in, Google and log-out.
// The SWR key of each write is its API path.
import useSWRMutation from "swr/mutation";
import { apiFetch, apiUpload, type ApiError } from "@/lib/api";
import type { User } from "@/lib/auth";

/** What signup, login and the Google exchange answer. */
export type AuthResponse = {
  accessToken: string;
  user: User;
};

/** POST /api/auth/login body. */
export type LoginBody = {
  email: string;
  password: string;
};

/** The roles a visitor may pick when signing up. */
export type SignupRole = "Buyer" | "Seller";

/** POST /api/auth/signup, sent as multipart/form-data. */
export type SignupBody = {
  userName: string;
  email: string;
  password: string;
  role: SignupRole;
  /** The profile photo: JPEG, PNG, WebP or GIF, at most MAX_PHOTO_BYTES. */
  image: File;
};

/** POST /api/auth/google/exchange body: the one-time code from the redirect. */
export type GoogleExchangeBody = {
  code: string;
};

export const SIGNUP_KEY = "/api/auth/signup";
export const LOGIN_KEY = "/api/auth/login";
export const LOGOUT_KEY = "/api/auth/logout";
export const GOOGLE_EXCHANGE_KEY = "/api/auth/google/exchange";

/** The largest profile photo the server takes (8 MB). */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/** The photo types the server takes, as an <input accept> value. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * googleLoginUrl is where the "Continue with Google" link goes: a full-page
 * navigation to the server, which comes back to /auth/google?code=...&from=...
 */
export function googleLoginUrl(from: string): string {
  return `/api/auth/google/login?from=${encodeURIComponent(from)}`;
}

/** useLogin posts an email and password. */
export function useLogin() {
  return useSWRMutation<AuthResponse, ApiError, string, LoginBody>(LOGIN_KEY, (path, { arg }) =>
    apiFetch<AuthResponse>(path, { method: "POST", json: arg }),
  );
}

/** useSignup creates an account; the photo makes it a multipart upload, whose progress (0 to 1) onProgress hears. */
export function useSignup(onProgress?: (sent: number) => void) {
  return useSWRMutation<AuthResponse, ApiError, string, SignupBody>(SIGNUP_KEY, (path, { arg }) => {
    const form = new FormData();
    form.set("userName", arg.userName);
    form.set("email", arg.email);
    form.set("password", arg.password);
    form.set("role", arg.role);
    form.set("image", arg.image, arg.image.name);
    return apiUpload<AuthResponse>(path, form, onProgress);
  });
}

/** useGoogleExchange trades the one-time code from the Google redirect for a token. */
export function useGoogleExchange() {
  return useSWRMutation<AuthResponse, ApiError, string, GoogleExchangeBody>(GOOGLE_EXCHANGE_KEY, (path, { arg }) =>
    apiFetch<AuthResponse>(path, { method: "POST", json: arg }),
  );
}

/**
 * useLogout ends every session of the signed-in user on the server. This
 * browser first stops taking their pushes (#37), so the next person on a
 * shared phone does not see the last one's notifications; a failure there
 * does not keep anyone signed in.
 */
export function useLogout() {
  return useSWRMutation<void, ApiError, string>(LOGOUT_KEY, async (path) => {
    // loaded on the way out only: the first page's script stays in its budget (#9)
    const push = await import("@/lib/web-push").catch(() => undefined);
    if (push?.pushSupported()) await push.disablePush().catch(() => undefined);
    return apiFetch<void>(path, { method: "POST" });
  });
}

export const ROLE_KEY = "/api/me/role";

/**
 * useBecomeSeller turns the signed-in buyer into a seller. The answer
 * carries a new token (the role is in it) and the user: give both to
 * useAuth().login, which stores the token the way every sign-in does.
 */
export function useBecomeSeller() {
  return useSWRMutation<AuthResponse, ApiError, string>(ROLE_KEY, (path) =>
    apiFetch<AuthResponse>(path, { method: "PUT", json: { role: "Seller" } }),
  );
}

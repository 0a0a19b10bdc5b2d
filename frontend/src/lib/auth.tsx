// Who is signed in: the access token (localStorage 'accessToken') and the
// user behind it (GET /api/me), plus the route guards built on them.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import useSWR, { useSWRConfig } from "swr";
import { getToken, TOKEN_KEY, UNAUTHORIZED_EVENT } from "@/lib/api";
import { useT } from "@/lib/i18n";

/** A user's role as the API spells it. */
export type Role = "Buyer" | "Seller" | "Admin";

/** The signed-in user as GET /api/me answers it. */
export type User = {
  _id: string;
  userName: string;
  email: string;
  userPhoto: string;
  role: Role;
  /** "verify" for a verified seller, empty otherwise. */
  verify: string;
  /** The owner proved the email (its link, or Google). Absent from older servers. */
  emailVerified?: boolean;
  /** The language the shop writes to them in ("en" or "bn"). */
  language?: string;
  /** The contact number on their profile; may be empty. Once verified (#35), the number in E.164 (+8801XXXXXXXXX). */
  phone?: string;
  /** The phone number was proven with a code sent to it by SMS (#35). Absent from an older server. */
  phoneVerified?: boolean;
};

/** The SWR key (and path) of the signed-in user. */
export const ME_KEY = "/api/me";

/** The channel on which a tab tells the others the signed-in user changed (e.g. the email was verified there). */
const ACCOUNT_CHANNEL = "resale:account";

/**
 * announceAccountChange tells the shop's other tabs to ask /api/me again:
 * a "verify your email" banner there goes at once, not at the next reload.
 */
export function announceAccountChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
  channel.postMessage("me");
  channel.close();
}

type AuthValue = {
  user: User | null;
  /** True while a stored token's user is still being fetched. */
  loading: boolean;
  /** Stores the token; pass the user the server answered with to skip a round trip. */
  login: (token: string, user?: User) => void;
  logout: () => void;
};

const AuthContext = createContext<AuthValue | null>(null);

/**
 * Answers that are the same for everyone. They survive a log-out, so the
 * header, footer and home page keep their content; everything else belonged
 * to the user who left and is dropped.
 */
const PUBLIC_KEYS = [/^\/api\/config$/, /^\/api\/categorys(\/[^/?]+)?$/, /^\/api\/products\?category=/, /^\/api\/advertised$/];

function isPublicKey(key: unknown): boolean {
  return typeof key === "string" && PUBLIC_KEYS.some((re) => re.test(key));
}

/** AuthProvider must sit inside SWRConfig and around the router. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(getToken);
  const { mutate } = useSWRConfig();
  const { data, error } = useSWR<User>(token ? ME_KEY : null);

  const login = useCallback(
    (next: string, user?: User) => {
      localStorage.setItem(TOKEN_KEY, next);
      setToken(next);
      // Replace any previous user's answer: with the user we were given, or
      // by fetching /api/me for the new token.
      if (user) void mutate(ME_KEY, user, { revalidate: false });
      else void mutate(ME_KEY, undefined);
    },
    [mutate],
  );

  const forget = useCallback(() => {
    setToken(null);
    // Drop /api/me and every other private answer without refetching them.
    void mutate((key) => !isPublicKey(key), undefined, { revalidate: false });
  }, [mutate]);

  const logout = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    forget();
  }, [forget]);

  useEffect(() => {
    // apiFetch already removed the token on a 401; follow it here, and
    // follow sign-in or sign-out in another tab.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== TOKEN_KEY && e.key !== null) return;
      const next = getToken();
      if (!next) return forget();
      setToken(next);
      // the same key for another token (a sign-in there, a verification's new token): ask again
      void mutate(ME_KEY);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, forget);
    window.addEventListener("storage", onStorage);
    // back to this tab (from a mail app, another tab): ask /api/me again, its
    // banner or role may be out of date (SWR's own focus check waits 5 s between two)
    const onShown = () => {
      if (document.visibilityState === "visible" && getToken()) void mutate(ME_KEY);
    };
    window.addEventListener("focus", onShown);
    document.addEventListener("visibilitychange", onShown);
    // another tab changed the account (its email verified there): ask /api/me again
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(ACCOUNT_CHANNEL);
    if (channel) channel.onmessage = () => void mutate(ME_KEY);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, forget);
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("focus", onShown);
      document.removeEventListener("visibilitychange", onShown);
      channel?.close();
    };
  }, [forget, mutate]);

  const value = useMemo<AuthValue>(
    () => ({
      user: token && data ? data : null,
      loading: token !== null && data === undefined && error === undefined,
      login,
      logout,
    }),
    [token, data, error, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** useAuth reads the AuthProvider above. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

function Guard({ allow }: { allow: (user: User) => boolean }) {
  const { user, loading } = useAuth();
  const t = useT();
  const location = useLocation();
  if (loading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="sr-only">{t("Loading...")}</span>
      </div>
    );
  }
  if (user && allow(user)) return <Outlet />;
  return <Navigate to="/login" state={{ from: location }} replace />;
}

/** Layout route: any signed-in user. */
export function RequireAuth() {
  return <Guard allow={() => true} />;
}

/** Layout route: sellers only. */
export function RequireSeller() {
  return <Guard allow={(u) => u.role === "Seller"} />;
}

/** Layout route: sellers and admins (a seller's leads, which an admin sees too). */
export function RequireSellerOrAdmin() {
  return <Guard allow={(u) => u.role !== "Buyer"} />;
}

/** Layout route: admins only. */
export function RequireAdmin() {
  return <Guard allow={(u) => u.role === "Admin"} />;
}

// Where to send a user after they sign in: back to the page a guard sent
// them from, default /home. Only paths on this site are honoured.

/** Where a user lands when nothing says where they came from. */
export const DEFAULT_RETURN = "/home";

/** Pages that make no sense to return to after signing in. */
const AUTH_PAGES = ["/login", "/signup", "/auth/google"];

/**
 * safePath returns p if it is a path on this site (not "//evil.example" or
 * "https://..."), and not a sign-in page; otherwise DEFAULT_RETURN.
 */
export function safePath(p: unknown): string {
  if (typeof p !== "string" || !p.startsWith("/") || p.startsWith("//") || p.startsWith("/\\")) return DEFAULT_RETURN;
  const pathname = p.split(/[?#]/, 1)[0] ?? "";
  if (AUTH_PAGES.includes(pathname.replace(/\/+$/, ""))) return DEFAULT_RETURN;
  return p;
}

/**
 * returnPath reads the router state a guard left ({from: location}) and
 * falls back to a ?from= query (kept across the Google round trip).
 */
export function returnPath(state: unknown, search: URLSearchParams): string {
  const from = typeof state === "object" && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from === "string") return safePath(from);
  if (typeof from === "object" && from !== null) {
    const { pathname, search: query, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === "string") {
      return safePath(pathname + (typeof query === "string" ? query : "") + (typeof hash === "string" ? hash : ""));
    }
  }
  return safePath(search.get("from"));
}

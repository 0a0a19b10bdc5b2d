// The one way the app talks to the Go backend: JSON over /api with the
// bearer token from localStorage. Errors come back as ApiError carrying the
// server's {message, code, fields} body.

/** localStorage key of the access token (spec: accessToken). */
export const TOKEN_KEY = "accessToken";

/** Fired on window when the server rejects our token (a 401). */
export const UNAUTHORIZED_EVENT = "resale:unauthorized";

/**
 * Fired on window when a write is refused because the caller's email is not
 * verified yet (403 email_unverified); its detail is the server's message.
 */
export const EMAIL_UNVERIFIED_EVENT = "resale:email-unverified";

/**
 * Fired on window after the server accepted a write (any method but GET
 * and HEAD): the verify banner asks /api/me again, since a write that
 * needs a verified email went through.
 */
export const API_WROTE_EVENT = "resale:api-wrote";

function wrote(method: string | undefined) {
  const m = (method ?? "GET").toUpperCase();
  if (m !== "GET" && m !== "HEAD") window.dispatchEvent(new Event(API_WROTE_EVENT));
}

/** A non-2xx answer (or no answer at all: status 0) from the API. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  /** The whole error body, for an answer that says more than {message, code, fields}. */
  readonly body: Record<string, unknown>;
  /** Seconds to wait before trying again, from a refusal's Retry-After header (a 429 or 503); undefined when it gave none. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    message: string,
    code?: string,
    fields: Record<string, string> = {},
    body: Record<string, unknown> = {},
    retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/**
 * retryAfterSeconds reads a Retry-After header (RFC 9110): a number of
 * seconds or an HTTP date; undefined when there is none or it is not one.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const v = header?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  // an HTTP date names its day and month ("Sat, 28 Nov 2026 07:10:00 GMT")
  const at = /[a-z]/i.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * RequestInit plus `json`: a value sent as a JSON body. A FormData `body` is
 * sent as is, so the browser sets the multipart Content-Type and boundary.
 */
export type ApiInit = RequestInit & { json?: unknown };

/** Reads the stored access token, or null when signed out. */
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * apiFetch calls an API path such as "/api/categorys" and resolves to the
 * parsed JSON answer (undefined for an empty one). It throws ApiError on a
 * non-2xx status or a network failure; a 401 also forgets the stored token.
 */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { data } = await request(path, init);
  return data as T;
}

/** The headers every call sends: JSON answers, and the bearer token when signed in. */
function apiHeaders(init: HeadersInit | undefined, token: string | null): Headers {
  const headers = new Headers(init);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

function unreachable(): ApiError {
  return new ApiError(0, "Could not reach the server. Check your connection and try again.");
}

/** request sends one API call and parses the answer, throwing ApiError on failure. */
async function request(path: string, init: ApiInit): Promise<{ data: unknown; res: Response }> {
  const { json, headers: initHeaders, ...rest } = init;
  const token = getToken();
  const headers = apiHeaders(initHeaders, token);

  let body = rest.body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }

  let res: Response;
  try {
    res = await fetch(path, { ...rest, headers, body });
  } catch {
    throw unreachable();
  }
  const data = await settle(res, token);
  wrote(rest.method);
  return { data, res };
}

/**
 * apiUpload sends a multipart form like apiFetch (same token, same
 * ApiError), reporting how much of the body has gone as a share from 0 to
 * 1. It uses XMLHttpRequest: fetch cannot tell upload progress.
 */
export function apiUpload<T>(path: string, form: FormData, onProgress?: (sent: number) => void, method = "POST"): Promise<T> {
  const token = getToken();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    apiHeaders(undefined, token).forEach((value, name) => xhr.setRequestHeader(name, value));
    if (onProgress) {
      xhr.upload.addEventListener("progress", (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      });
    }
    xhr.addEventListener("load", () => {
      // a status of 0 means no answer at all (e.g. refused by the browser)
      if (xhr.status === 0) return reject(unreachable());
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr) }));
    });
    for (const type of ["error", "abort", "timeout"]) xhr.addEventListener(type, () => reject(unreachable()));
    xhr.send(form);
  }).then(async (res) => {
    const data = (await settle(res, token)) as T;
    wrote(method);
    return data;
  });
}

/** responseHeaders reads an XMLHttpRequest's answer headers. */
function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // a header the Headers class refuses is not one we read
    }
  }
  return headers;
}

/** settle parses an answer: its body when it is a 2xx, else an ApiError (a 401 also forgets the token). */
async function settle(res: Response, token: string | null): Promise<unknown> {
  const data = await readBody(res);
  if (res.ok) return data;

  if (res.status === 401 && token) {
    localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  const err = isRecord(data) ? data : {};
  const message =
    typeof err.message === "string" && err.message !== ""
      ? err.message
      : `Request failed (${res.status}${res.statusText ? ` ${res.statusText}` : ""})`;
  const code = typeof err.code === "string" ? err.code : undefined;
  if (res.status === 403 && code === "email_unverified") {
    window.dispatchEvent(new CustomEvent<string>(EMAIL_UNVERIFIED_EVENT, { detail: message }));
  }
  const fields = isRecord(err.fields) ? stringFields(err.fields) : {};
  throw new ApiError(res.status, message, code, fields, err, retryAfterSeconds(res.headers.get("Retry-After")));
}

/** fetcher is SWR's one fetcher: the SWR key is the API path. */
export function fetcher<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (text === "") return undefined;
  const type = res.headers.get("Content-Type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stringFields(v: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, msg] of Object.entries(v)) {
    if (typeof msg === "string") out[k] = msg;
  }
  return out;
}

/**
 * One page of a paged list: the answer and the next page's address, if
 * any. sortedBy is the answer's X-Sorted-By: the order the server listed
 * it in when that is not the one asked for ("newest" for a broad search
 * asked for by relevance), else null.
 */
export type ApiPage<T> = { data: T; next: string | null; sortedBy: string | null };

/**
 * apiFetchPage is apiFetch for paged lists: it also reads the answer's
 * `Link: <...>; rel="next"` header. The next address is kept only when it is
 * a path on this origin, since the bearer token goes wherever we fetch.
 */
export async function apiFetchPage<T>(path: string, init: ApiInit = {}): Promise<ApiPage<T>> {
  const { data, res } = await request(path, init);
  return { data: data as T, next: nextLink(res.headers.get("Link")), sortedBy: res.headers.get("X-Sorted-By") };
}

/**
 * nextLink picks the rel="next" address out of a Link header (RFC 8288),
 * as a same-origin path such as "/api/products?cursor=x"; null when there
 * is none or it points elsewhere.
 */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const m of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rels = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(m[2] ?? "")?.[1];
    if (!rels || !rels.toLowerCase().split(/\s+/).includes("next")) continue;
    const target = m[1] ?? "";
    let url: URL;
    try {
      url = new URL(target, window.location.origin);
    } catch {
      return null;
    }
    if (url.origin !== window.location.origin) return null;
    return url.pathname + url.search;
  }
  return null;
}

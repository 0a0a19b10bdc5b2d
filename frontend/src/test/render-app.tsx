// Test helpers: render the real route table in memory with a fresh SWR
// cache, and answer API paths from a table instead of the network.
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from "react-router-dom";
import { ToastContainer } from "react-toastify";
import { SWRConfig, type Cache } from "swr";
import { vi } from "vitest";
import { AccountMenu } from "@/components/site-header";
import { fetcher } from "@/lib/api";
import { AuthProvider } from "@/lib/auth";
import { LanguageProvider } from "@/lib/i18n";
import { ProductCard, ProductTile } from "@/pages/product-shelf";
import { VerifyEmailBanner } from "@/pages/public-layout";
import { routes } from "@/router";
import { fakeXHR } from "@/test/fake-xhr";

/**
 * The route table with every lazy page already loaded, so a test sees the
 * page at once, as a visitor does once its chunk is in.
 */
async function loadLazy(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    list.map(async (route) => {
      const { lazy, children, ...rest } = route;
      const loaded = typeof lazy === "function" ? await lazy() : {};
      return { ...rest, ...loaded, ...(children ? { children: await loadLazy(children) } : {}) } as RouteObject;
    }),
  );
}
const loadedRoutes = await loadLazy(routes);
// The shell's own lazy parts (the account menu, the verify banner) and the
// lists' card and row, loaded before any test, as the routes are: a test
// waits for what a page does, not for the first transform of a chunk.
await Promise.all([AccountMenu.preload(), VerifyEmailBanner.preload(), ProductCard.preload(), ProductTile.preload()]);

/** Builds an answer from the request; for statuses other than 200. */
export type Responder = (init: RequestInit) => Response | Promise<Response>;

/**
 * Path (with query) -> answer. A key may start with a method ("POST
 * /api/auth/login"); that wins over the bare path. A plain value answers 200
 * JSON; a Responder builds the answer. A path not listed answers 404.
 */
export type ApiTable = Record<string, unknown>;

/** jsonResponse is a Response with a JSON body. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** reply makes a Responder that always answers status and body. */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): Responder {
  return () => jsonResponse(status, body, headers);
}

/** stubApi replaces global fetch (and XMLHttpRequest); it returns the mock to inspect calls. */
export function stubApi(table: ApiTable) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init.method ?? "GET").toUpperCase();
    const key = `${method} ${path}` in table ? `${method} ${path}` : path in table ? path : undefined;
    if (key !== undefined) {
      const value = table[key];
      if (typeof value === "function") return (value as Responder)(init);
      return jsonResponse(200, value);
    }
    return jsonResponse(404, { message: "Not found", code: "not_found" });
  });
  vi.stubGlobal("fetch", mock);
  // uploads with progress go through XMLHttpRequest: answer them from the same table
  vi.stubGlobal("XMLHttpRequest", fakeXHR((path, init) => mock(path, init)));
  return mock;
}

/** requestsTo lists the [path, init] of every call the mock saw to `path`. */
export function requestsTo(mock: ReturnType<typeof stubApi>, path: string, method?: string): RequestInit[] {
  return mock.mock.calls
    .filter(([input, init]) => {
      const p = typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url;
      return p === path && (!method || (init?.method ?? "GET").toUpperCase() === method);
    })
    .map(([, init]) => init ?? {});
}

type RenderOptions = {
  /** Wrap in StrictMode as main.tsx does (effects run twice in development). */
  strict?: boolean;
  /** Router state of the first entry, e.g. {from: location} left by a guard. */
  state?: unknown;
};

/** renderApp renders the app at `path` as main.tsx does, minus the browser history. */
export function renderApp(path: string, { strict = false, state }: RenderOptions = {}) {
  const entry: InitialEntry = state === undefined ? path : { pathname: path.split("?")[0], search: path.includes("?") ? `?${path.split("?")[1]}` : "", state };
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [entry] });
  const cache: Cache = new Map();
  const tree = (
    <LanguageProvider>
      <SWRConfig value={{ provider: () => cache, fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </SWRConfig>
      <ToastContainer autoClose={false} />
    </LanguageProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return Object.assign(router, { cache });
}

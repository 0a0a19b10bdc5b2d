// Test helpers: render the real route table in memory with a fresh SWR
// cache, and answer API paths from a table instead of the network.
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { SWRConfig } from "swr";
import { vi } from "vitest";
import { fetcher } from "@/lib/api";
import { AuthProvider } from "@/lib/auth";
import { routes } from "@/router";

/** Path (with query) -> JSON answer; a path not listed answers 404. */
export type ApiTable = Record<string, unknown>;

/** stubApi replaces global fetch; it returns the mock to inspect calls. */
export function stubApi(table: ApiTable) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url;
    if (path in table) {
      return new Response(JSON.stringify(table[path]), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }
    return new Response(JSON.stringify({ message: "Not found", code: "not_found" }), {
      status: 404,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

/** renderApp renders the app at `path` as main.tsx does, minus the browser history. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </SWRConfig>,
  );
  return router;
}

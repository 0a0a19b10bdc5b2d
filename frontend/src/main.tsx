import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { SWRConfig } from "swr";
import { ApiError, fetcher } from "@/lib/api";
import { AuthProvider } from "@/lib/auth";
import { LanguageProvider, loadDictionary, preferredLanguage } from "@/lib/i18n";
import { initTheme, useTheme } from "@/lib/theme";
import { routes } from "@/router";
import "@/index.css";

// After a deploy an open tab may ask for chunks that no longer exist: reload
// once to pick up the new index.html, but never loop on a broken build.
const RELOAD_KEY = "resale:preload-reload";
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

initTheme();

// The service worker (public page loads offline, the shell's files kept;
// see sw/sw.js), registered once the page has loaded so it never competes
// with the first page for the network. Not in development: Vite serves no /sw.js.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => void navigator.serviceWorker.register("/sw.js").catch(() => {}));
}

// react-toastify is not needed for the first paint: it comes in its own chunk.
const Toasts = lazy(() => import("@/components/toasts"));

/** The toast container, in the page's theme. */
function ToastHost() {
  const theme = useTheme();
  return (
    <Suspense fallback={null}>
      <Toasts theme={theme} />
    </Suspense>
  );
}

const router = createBrowserRouter(routes);

/** render mounts the app. */
function render() {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <LanguageProvider>
        <SWRConfig
          value={{
            fetcher,
            // Retrying a 4xx cannot succeed; retry only server and network failures.
            onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
              if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
              if (retryCount >= 3) return;
              setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
            },
          }}
        >
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </SWRConfig>
        <ToastHost />
      </LanguageProvider>
    </StrictMode>,
  );
}

// A remembered Bangla comes before the first paint (its texts are their own
// chunk), so the page does not flash in English first. Not a top-level
// await: that would split the first page's script into many small chunks.
const lang = preferredLanguage();
document.documentElement.lang = lang;
loadDictionary(lang).then(render, render);


import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

// The Go binary serves the API on :8080; in development Vite serves the app
// and forwards API calls and uploaded images to it.
const backend = "http://localhost:8080";

/** The public files the offline page needs, kept by the service worker with the first page's own. */
const OFFLINE_FILES = ["/offline.html", "/offline.js", "/theme.js", "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"];

/** The first page's modules loaded by screen width, each its own chunk: precached as the first page's are. */
const BY_WIDTH = ["/components/bottom-nav.tsx", "/components/product-card.tsx", "/components/product-tile.tsx"];

/**
 * Writes dist/sw.js from sw/sw.js: its PRECACHE is the first page's hashed
 * scripts and styles (what index.html loads), the fonts, and OFFLINE_FILES;
 * its VERSION is a hash of all of them, so every build that changes one is
 * a new worker and a new cache.
 */
function serviceWorker(): Plugin {
  const root = fileURLToPath(new URL(".", import.meta.url));
  return {
    name: "resale:service-worker",
    apply: "build",
    // after Vite has written index.html into the bundle
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      const html = index && index.type === "asset" ? String(index.source) : "";
      const files = new Set<string>();
      for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) files.add(m[1]);
      for (const name of Object.keys(bundle)) if (/\.woff2?$/.test(name)) files.add(`/${name}`);
      // the first page's parts in chunks of their own, loaded by screen
      // width: the phone's bottom navigation (#37), the full card and the
      // phone's row (#9). Kept too, with the chunks they import, so a page
      // gone offline still draws them.
      const add = (name: string) => {
        const out = bundle[name];
        if (files.has(`/${name}`) || out?.type !== "chunk") return;
        files.add(`/${name}`);
        out.imports.forEach(add);
      };
      for (const [name, out] of Object.entries(bundle)) if (out.type === "chunk" && BY_WIDTH.some((m) => out.facadeModuleId?.endsWith(m))) add(name);
      const precache = [...[...files].sort(), ...OFFLINE_FILES];
      const template = readFileSync(resolve(root, "sw/sw.js"), "utf8");
      const hash = createHash("sha256").update(template);
      for (const url of precache) {
        const out = bundle[url.slice(1)];
        if (out) hash.update(out.type === "chunk" ? out.code : out.source);
        else hash.update(readFileSync(resolve(root, "public", `.${url}`)));
      }
      const version = hash.digest("hex").slice(0, 12);
      const source =
        `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n` + template;
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // React Router's package points every bundler at its development
      // build (its exports have no "production" condition); the production
      // build is the same code with its development warnings switched off.
      ...(mode === "production"
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)) },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      "/api": backend,
      "/uploads": backend,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // Every browser the shop supports knows <link rel="modulepreload">; its
    // polyfill would be half a KB of the first page's script for nobody.
    modulePreload: { polyfill: false },
    // The first page's libraries in one chunk: one file compresses better
    // than several (budget: 125 KB of gzipped JavaScript on the first page).
    // Vite's preload helper goes with them: the first page always needs it
    // (its lazy routes), and a lazy library that imports a chunk of its own
    // (qr-scanner's worker) would otherwise split it into a first-page file of its own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "vendor", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|swr|use-sync-external-store|dequal)[\\/]|vite[\\/]preload-helper/ }],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // A worker a core: Vitest's default is one fewer than the cores, a
    // single worker on the 2-core CI box; and threads start a file's jsdom
    // sooner than forks. There the suite took 190 s so, 100 s this way.
    pool: "threads",
    maxWorkers: availableParallelism(),
    // a form test types a whole form: on a busy 2-core box that passes 5 s
    testTimeout: 20_000,
    // the Playwright journeys in e2e/ run in a real browser, not here
    exclude: [...configDefaults.exclude, "e2e/**"],
  },
}));

import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

// The Go binary serves the API on :8080; in development Vite serves the app
// and forwards API calls and uploaded images to it.
const backend = "http://localhost:8080";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
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
    // a form test types a whole form: on a busy 2-core box that passes 5 s
    testTimeout: 20_000,
    // the Playwright journeys in e2e/ run in a real browser, not here
    exclude: [...configDefaults.exclude, "e2e/**"],
  },
});

// Whole journeys in Debian's Chromium against the real binary on a
// throwaway database (see global-setup.ts). Run by `make test`.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  globalSetup: "./global-setup.ts",
  outputDir: "../test-results",
  fullyParallel: true,
  // three: the journeys mostly wait on the server and the clock (a full run
  // used under one of two cores), and CI must stay under 30 minutes
  workers: 3,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    // the app's service worker only in pwa.spec.ts (test.use there): the
    // other journeys meet the site as before, their routes seeing every request
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
});

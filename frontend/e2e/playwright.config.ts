// Whole journeys in Debian's Chromium against the real binary on a
// throwaway database (see global-setup.ts). Run by `make test`.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  globalSetup: "./global-setup.ts",
  outputDir: "../test-results",
  fullyParallel: true,
  // two: a journey keeps Chromium busy about one core (software drawing),
  // and CI has two; a third worker made each journey four times slower,
  // past its waits, for no gain
  workers: 2,
  retries: 0,
  // a journey's own time: CI's loaded run took some journeys 1.4 to 2.4
  // times as long as a quiet run here (search.spec.ts's went past its 120 s
  // from 50), so a journey needs half its timeout or less on a quiet run;
  // one that needs more sets its own (test.setTimeout)
  timeout: 60_000,
  // a step that waits on the page waits up to 10 s: on a loaded 2-core
  // machine a lazy page's first draw took over the default 5 s
  expect: { timeout: 10_000 },
  // the JSON report is for scripts/journey-failures.mjs (make test-browser
  // prints its summary last when a journey fails)
  reporter: [["list"], ["json", { outputFile: "../test-results/journeys.json" }]],
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

// The installable app (#20 item 8): the manifest and its icons, the
// service worker, Chromium's own installability check (Lighthouse 12 has
// no PWA category any more), and the offline page when a page cannot load.
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { base, picture } from "./helpers";

// The other journeys block service workers (playwright.config.ts); this one needs it.
test.use({ serviceWorkers: "allow" });

/** controlled loads home and waits until the service worker is active and controls the page. */
async function controlled(page: Page) {
  await page.goto(base() + "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Resale" }).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** offlineHeading is the offline page's heading in English. */
const offlineHeading = (page: Page) => page.getByRole("heading", { name: "You are offline" });

async function setOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

test("the manifest, its icons and the service worker are served right, and Chromium finds the app installable", async ({ request }, testInfo) => {
  const manifestRes = await request.get(base() + "/manifest.webmanifest");
  expect(manifestRes.status()).toBe(200);
  expect(manifestRes.headers()["content-type"]).toBe("application/manifest+json");
  const manifest = (await manifestRes.json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: "Resale", display: "standalone", start_url: "/" });
  for (const icon of manifest.icons) {
    const res = await request.get(base() + icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"], icon.src).toBe("image/png");
  }
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);

  const sw = await request.get(base() + "/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toContain("javascript");
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  // Playwright's usual contexts are incognito, which Chromium never offers to
  // install from: this check runs in a browser with a profile of its own.
  const context = await chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    ...testInfo.project.use.launchOptions,
    serviceWorkers: "allow",
  });
  const page = context.pages()[0] ?? (await context.newPage());

  // the page links the manifest and says its theme colour
  await controlled(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", /^#/);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors).toEqual([]);
  const app = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
  expect(app.url).toBe(base() + "/manifest.webmanifest");
  expect(app.errors).toEqual([]);
  await context.close();
});

test("offline: a reload and a product page show the offline page, in the saved language; back online the app works again", async ({ page, context }) => {
  await controlled(page);

  await setOffline(context, true);
  await page.reload();
  await expect(offlineHeading(page)).toBeVisible();
  // no saved language: both
  await expect(page.getByRole("heading", { name: "আপনি অফলাইনে আছেন" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Resale" })).toBeVisible();

  // a product page's address stays, with the offline page in it
  await page.goto(base() + "/product/987654321");
  await expect(page).toHaveURL(/\/product\/987654321$/);
  await expect(offlineHeading(page)).toBeVisible();
  // the offline page's look came from the cache too: its styles and the theme script ran
  await expect(page.locator("html")).toHaveAttribute("data-theme", /^resale/);

  // a visitor who chose Bangla sees only Bangla
  await page.evaluate(() => localStorage.setItem("resale:lang", "bn"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "আপনি অফলাইনে আছেন" })).toBeVisible();
  await expect(offlineHeading(page)).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await page.evaluate(() => localStorage.setItem("resale:lang", "en"));
  await page.reload();
  await expect(offlineHeading(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "আপনি অফলাইনে আছেন" })).toBeHidden();

  // back online: Try again loads the same address, now the app
  await setOffline(context, false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/product\/987654321$/);
  await expect(offlineHeading(page)).toBeHidden();
  await expect(page.locator("#root")).not.toBeEmpty();
  await page.goto(base() + "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Home" })).toBeVisible();
});

test("the offline page at 360 and 1366 px, light and dark, English, Bangla and both", async ({ page, context }) => {
  test.setTimeout(60_000);
  await controlled(page);
  await setOffline(context, true);
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
    for (const theme of ["light", "dark"]) {
      for (const lang of ["en", "bn", "both"]) {
        await page.evaluate(
          ([t, l]) => {
            localStorage.setItem("resale:theme", t);
            if (l === "both") localStorage.removeItem("resale:lang");
            else localStorage.setItem("resale:lang", l);
          },
          [theme, lang],
        );
        await page.goto(base() + "/product/987654321");
        await expect(page.getByRole("alert")).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme === "dark" ? "resale-dark" : "resale");
        // nothing sticks out sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await picture(page, `offline-${width}-${theme}-${lang}.png`, { fullPage: true });
      }
    }
  }
  await setOffline(context, false);
  await page.evaluate(() => {
    localStorage.removeItem("resale:theme");
    localStorage.removeItem("resale:lang");
  });
});

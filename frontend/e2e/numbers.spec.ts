// #37 per-listing numbers, against the real binary: at 390 px a buyer
// opens a listing (and reloads it), taps Call and saves it; a crawler
// reads the same page; the seller then finds one view, one tap on the
// number and one favourite in the listing's numbers and in the summary.
// With SHOTS=1 the seller's two Numbers pages are pictured at 360 and
// 1366 px, light and dark, in English and Bangla, into test-results/.
import { execFileSync } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, base, PHONE, picture, settle, SHOTS, signedIn, signUpByApi } from "./helpers";

// a busy machine (two cores for every journey): generous waits, never timed assertions
test.describe.configure({ timeout: 120_000 });

/** A phone's Chrome as people have it: Chromium here says HeadlessChrome, which is not counted (a robot). */
const PHONE_UA = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** beacon waits for the page's beacon of kind about a product to be answered. */
function beacon(page: Page, kind: "view" | "reveal", id: string) {
  return page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/api/products/${id}/${kind}`));
}

test("a buyer views a listing and taps Call; the seller sees the numbers", async ({ browser }) => {
  const api = (await browser.newContext()).request;
  const stamp = Date.now();
  const seller = await signUpByApi(api, { name: "Numbers Seller", email: `numbers-seller-${stamp}@example.com`, role: "Seller" });
  const buyer = await signUpByApi(api, { name: "Numbers Buyer", email: `numbers-buyer-${stamp}@example.com`, role: "Buyer" });
  const name = `Numbers ThinkPad ${stamp}`;
  const id = await addProductByApi(api, seller, { name, category: "HP", sellPrice: 43000 });

  // the buyer, on a phone: the page shows (one view), a reload (no more), a tap on Call, the heart
  const context = await signedIn(browser, buyer, { viewport: PHONE, userAgent: PHONE_UA });
  const page = await context.newPage();
  const viewed = beacon(page, "view", id);
  await page.goto(base() + `/product/${id}`);
  const article = page.getByRole("article", { name });
  await expect(article).toBeVisible();
  expect((await viewed).status()).toBe(204);
  const again = beacon(page, "view", id);
  await page.reload();
  expect((await again).status()).toBe(204);
  const call = article.getByRole("link", { name: /^Call / });
  // a phone would dial; here the tel: link goes nowhere
  await call.evaluate((a) => a.addEventListener("click", (e) => e.preventDefault()));
  const revealed = beacon(page, "reveal", id);
  await call.click();
  expect((await revealed).status()).toBe(204);
  await article.getByRole("button", { name: `Save ${name} to favourites` }).click();
  await expect(article.getByRole("button", { name: `Remove ${name} from favourites` })).toBeVisible();
  await context.close();

  // a robot reading the same page (Chromium as it comes says HeadlessChrome): not counted
  const robot = await browser.newContext();
  const robotPage = await robot.newPage();
  const robotView = beacon(robotPage, "view", id);
  await robotPage.goto(base() + `/product/${id}`);
  expect((await robotView).status()).toBe(204);
  await robot.close();

  // the seller, on a phone: My Products -> Numbers
  const sellerContext = await signedIn(browser, seller, { viewport: PHONE, userAgent: PHONE_UA });
  const sp = await sellerContext.newPage();
  await sp.goto(base() + "/dashboard/myproducts");
  await expect(sp.getByRole("link", { name: `Numbers of ${name}` }).first()).toBeVisible();
  await picture(sp, "numbers-myproducts-390.png", { fullPage: true });
  await sp.getByRole("link", { name: `Numbers of ${name}` }).first().click();
  await expect(sp.getByRole("heading", { name: "Numbers", level: 1 })).toBeVisible();
  await expect(sp.getByRole("link", { name })).toBeVisible();
  await expect(sp.locator('[data-total="views"]')).toHaveText("1");
  await expect(sp.locator('[data-total="reveals"]')).toHaveText("1");
  await expect(sp.locator('[data-total="favourites"]')).toHaveText("1");
  await expect(sp.locator('[data-total="chats"]')).toHaveText("0");
  await expect(sp.locator("[data-summary]")).toContainText("1 in 30 days");
  await expect(sp.locator("[data-chart] canvas")).toBeVisible();
  await sp.getByRole("button", { name: /Calls and WhatsApp/ }).click();
  await expect(sp.getByRole("figure", { name: "Calls and WhatsApp, the last 30 days" })).toBeVisible();
  const overflow = await sp.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(sp, "a listing's numbers");

  // the seller's own views are not counted
  const own = beacon(sp, "view", id);
  await sp.goto(base() + `/product/${id}`);
  expect((await own).status()).toBe(204);

  // the summary: the menu's Numbers
  await sp.goto(base() + "/dashboard/numbers");
  await expect(sp.getByRole("heading", { name: "Your numbers", level: 1 })).toBeVisible();
  await expect(sp.locator('[data-total="views"]')).toHaveText("1");
  const top = sp.getByRole("region", { name: "Most viewed listings" });
  await expect(top.getByRole("link", { name })).toHaveAttribute("href", `/dashboard/products/${id}/numbers`);
  await checkA11y(sp, "the seller's numbers");
  await sellerContext.close();
});

/** The seller's two Numbers pages, to look at. */
async function picturesOf(browser: Browser, token: string, paths: { file: string; path: string }[]) {
  for (const width of [360, 1366]) {
    for (const scheme of ["light", "dark"] as const) {
      for (const lang of ["en", "bn"] as const) {
        for (const s of paths) {
          const context = await browser.newContext({
            viewport: { width, height: width < 400 ? 780 : 900 },
            colorScheme: scheme,
            storageState: {
              cookies: [],
              origins: [{ origin: base(), localStorage: [{ name: "resale:lang", value: lang }, { name: "resale:theme", value: scheme }, { name: "accessToken", value: token }] }],
            },
          });
          const page = await context.newPage();
          await page.goto(base() + s.path);
          await expect(page.locator("[data-chart] canvas")).toBeVisible();
          await settle(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${s.file} at ${width}px, ${scheme}, ${lang}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: test.info().outputPath(`${s.file}-${width}-${scheme}-${lang}.png`), fullPage: true });
          await context.close();
        }
      }
    }
  }
}

test("the numbers pages at 360 and 1366 px, light and dark, English and Bangla", async ({ browser }) => {
  test.skip(!SHOTS, "pictures only with SHOTS=1");
  test.setTimeout(600_000);
  const api = (await browser.newContext()).request;
  const stamp = Date.now();
  const seller = await signUpByApi(api, { name: "Numbers Looks", email: `numbers-looks-${stamp}@example.com`, role: "Seller" });
  const id = await addProductByApi(api, seller, { name: `Numbers Looks Dell Latitude 7490 ${stamp}`, category: "HP", sellPrice: 36500 });
  await addProductByApi(api, seller, { name: `Numbers Looks MacBook Air ${stamp}`, category: "APPLE", sellPrice: 72000 });
  // a few people today, through the page's beacon as their browsers send it
  for (let i = 0; i < 4; i++) {
    const context = await browser.newContext({ userAgent: PHONE_UA, locale: i % 2 ? "bn-BD" : "en-US" });
    const page = await context.newPage();
    const viewed = beacon(page, "view", id);
    await page.goto(base() + `/product/${id}`);
    await viewed;
    await context.close();
  }
  // and the month before, as a listing a month old would have it
  execFileSync("psql", [
    process.env.DATABASE_URL!,
    "-qc",
    `INSERT INTO listing_days (product_id, day, views, reveals, chats, favourites, bookings)
     SELECT ${Number(id)}, current_date - d, (d * 7) % 13 + 2, d % 4, d % 3 / 2, d % 5 / 4, (d % 9 = 0)::int FROM generate_series(1, 29) d`,
  ]);
  await picturesOf(browser, seller, [
    { file: "numbers-listing", path: `/dashboard/products/${id}/numbers` },
    { file: "numbers-seller", path: "/dashboard/numbers" },
  ]);
});

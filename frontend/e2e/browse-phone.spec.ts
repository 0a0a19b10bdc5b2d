// Browsing on a phone (#37), at 360 and 390 px: search results as compact
// rows (three or more on the first screen, above the bottom navigation), a
// grid chosen with the toggle and remembered after a reload, the bottom
// navigation (current tab, Search opens the box, Chats), and the product
// page's bar of Call, Chat and Book in the navigation's place, with nothing
// of the page left under it. SHOTS=1 pictures each step in light and dark,
// English and Bangla.
import { expect, test, type Page } from "@playwright/test";
import { addProductByApi, base, picture, settle, signedIn, signUpByApi } from "./helpers";

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

/** The laptops of a list, whatever their view: each is an article named by its h3. */
const listings = (page: Page) => page.locator('main article:has(h3[id^="product-"])');

/** pictures takes one picture per theme and language with SHOTS=1, then goes back to light English. */
async function pictures(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const lang of ["en", "bn"] as const) {
      await page.evaluate((l) => {
        localStorage.setItem("resale:lang", l);
        window.dispatchEvent(new StorageEvent("storage", { key: "resale:lang" }));
      }, lang);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await settle(page);
      await picture(page, `${name}-${theme}-${lang}.png`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => {
    localStorage.setItem("resale:lang", "en");
    window.dispatchEvent(new StorageEvent("storage", { key: "resale:lang" }));
  });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
}

let seed: { word: string; seller: string; buyer: string; productId: string } | undefined;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext();
  const stamp = `${Date.now()}-${test.info().workerIndex}`;
  const word = `phonebrowse${Date.now().toString(36)}`;
  const seller = await signUpByApi(api, { name: "Phone Browse Seller", email: `browse-seller-${stamp}@example.com`, role: "Seller" });
  const buyer = await signUpByApi(api, { name: "Phone Browse Buyer", email: `browse-buyer-${stamp}@example.com`, role: "Buyer" });
  let productId = "";
  for (let i = 0; i < 6; i++) {
    productId = await addProductByApi(api, seller, { name: `ThinkPad T480 ${word} number ${i + 1}`, category: "HP", sellPrice: 30000 + i * 1000 });
    // two advertised, as a shop's are: home's Urgent Sell lists laptops
    if (i < 2) {
      const res = await api.put(`${base()}/api/products/${productId}`, { headers: { Authorization: `Bearer ${seller}` } });
      expect(res.ok(), `advertise: ${res.status()}`).toBe(true);
    }
  }
  seed = { word, seller, buyer, productId };
  await api.dispose();
});

for (const size of PHONES) {
  test(`at ${size.width} px: compact rows, three on the first screen; a grid chosen and remembered`, async ({ browser }) => {
    test.setTimeout(120_000);
    const s = seed!;
    const context = await browser.newContext({ viewport: size, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base()}/search?q=${s.word}`);
    await expect(listings(page)).toHaveCount(6);
    await expect(listings(page).first()).toHaveAttribute("data-tile", "list");
    await settle(page);

    // three (or more) whole rows on the first screen, above the bottom navigation
    const nav = page.getByRole("navigation", { name: "Phone navigation" });
    await expect(nav).toBeVisible();
    const navTop = (await nav.boundingBox())!.y;
    const bottoms = await listings(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    const whole = bottoms.filter((b) => b <= navTop).length;
    expect(whole, `rows wholly on the first screen above the navigation (its top at ${navTop}px): ${bottoms.join(", ")}`).toBeGreaterThanOrEqual(3);
    await expect(nav.getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page");
    await pictures(page, `search-list-${size.width}`);

    // the grid, remembered after a reload
    await page.getByRole("group", { name: "Show laptops as" }).getByRole("button", { name: "Grid" }).click();
    await expect(listings(page).first()).toHaveAttribute("data-tile", "grid");
    const [a, b] = await listings(page).evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().top));
    expect(a, "two tiles side by side").toBe(b);
    await page.reload();
    await expect(listings(page).first()).toHaveAttribute("data-tile", "grid");
    await expect(page.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
    await pictures(page, `search-grid-${size.width}`);

    // the full card is still a choice
    await page.getByRole("button", { name: "Full cards" }).click();
    await expect(listings(page).first().getByRole("button", { name: "Book Now" })).toBeVisible();
    await context.close();
  });

  test(`at ${size.width} px: the bottom navigation, and the product page's Call, Chat and Book in its place`, async ({ browser }) => {
    test.setTimeout(120_000);
    const s = seed!;
    const context = await signedIn(browser, s.buyer, { viewport: size, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(base() + "/");
    const nav = page.getByRole("navigation", { name: "Phone navigation" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    // the home page's first laptop starts on the first screen
    await expect(listings(page).first()).toBeVisible();
    const firstTop = await listings(page).first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(firstTop, "the home page's first laptop starts on the first screen").toBeLessThan(size.height);
    await pictures(page, `home-${size.width}`);

    // Search opens the header's box, ready to type
    await nav.getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("combobox", { name: "Search laptops" })).toBeFocused();

    // Chats, then Account
    await nav.getByRole("link", { name: /^Chats/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(nav.getByRole("link", { name: /^Chats/ })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav.getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");

    // the product page: the bar instead of the navigation
    await page.goto(`${base()}/product/${s.productId}`);
    const bar = page.getByRole("region", { name: "Call, chat or book" });
    await expect(bar).toBeVisible();
    await expect(nav).toBeHidden();
    await expect(bar.getByRole("link", { name: "Call 01712345678" })).toHaveAttribute("href", "tel:01712345678");
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height), "the bar sits on the bottom edge").toBe(size.height);
    // the page's own Book Now and Chat are for wider screens: on a phone only the bar's
    const own = page.getByRole("article", { name: `ThinkPad T480 ${s.word} number 6`, exact: true });
    await expect(own.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(own.getByRole("button", { name: "Book Now" })).toHaveCount(0);
    await expect(own.getByRole("button", { name: "Chat with seller" })).toHaveCount(0);
    await expect(own.getByRole("button", { name: "Make an offer" })).toBeVisible();
    await pictures(page, `product-${size.width}`);

    // nothing of the page under the bar: at the bottom, the footer ends above it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.locator("footer").last().evaluate((el) => el.getBoundingClientRect().bottom);
    expect(footerBottom, "the footer's end is above the bar").toBeLessThanOrEqual(box.y + 1);
    if (process.env.SHOTS === "1") await page.screenshot({ path: test.info().outputPath(`product-bottom-${size.width}.png`) });

    // Book opens the booking form; Chat starts a chat
    await bar.getByRole("button", { name: "Book Now" }).click();
    const form = page.getByRole("dialog");
    await expect(form).toBeVisible();
    await picture(page, `product-book-${size.width}.png`);
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await bar.getByRole("button", { name: "Chat with seller" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await context.close();
  });
}

// #9: the full card and the phone's row are chunks of their own, and a
// list fetches only the one it shows: a phone its rows (or the cards, if
// that is its remembered view), a desktop the cards. Slowed down to come
// after the laptops, each laptop is its skeleton meanwhile: nothing jumps.
for (const { name, viewport, view, wants, not } of [
  { name: "a phone", viewport: PHONES[0], view: null, wants: "product-tile", not: "product-card" },
  { name: "a phone that chose the cards", viewport: PHONES[0], view: "card", wants: "product-card", not: "product-tile" },
  { name: "a desktop", viewport: { width: 1366, height: 800 }, view: null, wants: "product-card", not: "product-tile" },
]) {
  test(`home on ${name} fetches the ${wants === "product-card" ? "card" : "row"}'s script, not the ${not === "product-card" ? "card" : "row"}'s, and does not shift while it comes`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport });
    if (view) await context.addInitScript((v) => localStorage.setItem("resale:listing-view", v), view);
    await context.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const scripts: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await context.route(/\/assets\/product-(card|tile)-[\w-]+\.js$/, async (route) => {
      scripts.push(/product-(card|tile)/.exec(route.request().url())![0]);
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${base()}/`);
    const urgent = page.getByRole("region", { name: "Urgent Sell" });
    // the laptops are in, their script not yet: skeletons in their places
    await expect(urgent.locator("ul > li").first()).toBeVisible();
    await expect(urgent.locator("article")).toHaveCount(0);
    await urgent.scrollIntoViewIfNeeded();
    const list = urgent.locator("ul").first();
    const before = (await list.boundingBox())!;
    await picture(page, `home-${name.replace(/ /g, "-")}-before-its-script.png`);
    release();
    const first = urgent.locator("article").first();
    await expect(first).toBeVisible();
    // the laptops take their skeletons' room: the list neither grows nor shrinks
    const after = (await list.boundingBox())!;
    expect(Math.abs(after.height - before.height), `list ${before.height}px tall with skeletons, ${after.height}px with the laptops`).toBeLessThanOrEqual(2);
    if (wants === "product-tile") await expect(first).toHaveAttribute("data-tile", "list");
    else await expect(first).not.toHaveAttribute("data-tile");
    await settle(page);
    await picture(page, `home-${name.replace(/ /g, "-")}.png`);
    expect(scripts).toContain(wants);
    expect(scripts).not.toContain(not);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
    await context.close();
  });
}

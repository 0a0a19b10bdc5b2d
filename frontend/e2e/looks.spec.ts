// #32, how the shop looks on a phone: My Booking's cards (status first,
// no raw labels, the reason a button is off written out, Completed
// readable in dark), tap targets of 44 px, long names inside their cards,
// "Book Now" on one line in Similar laptops, and notifications in Bangla
// with the shop's own Bengali web font. Pictures go to the test's output
// folder (test-results/) for a person to look at.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { base, signedIn, signUpByApi, settle } from "./helpers";
import { laptopPng } from "./png";

// a busy machine (two cores for every journey): generous waits, never timed assertions
test.describe.configure({ timeout: 240_000 });
const look = expect.configure({ timeout: 45_000 });

const LONG_SELLER = "Karim Laptop House Dhanmondi & Elephant Road Branch";
const LONG_LOCATION = "Shop 4-12, Multiplan Center, New Elephant Road, Dhanmondi, Dhaka 1205";
const MIN_TAP = 44;

type Seed = { seller: string; buyer: string; products: string[]; completedBooking: string };

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * seed: a seller with a long shop name and three laptops (long names, a
 * long location); a buyer with one booking waiting for the seller and one
 * completed by its hand-over code (notifications come with both).
 */
async function seed(api: APIRequestContext): Promise<Seed> {
  const stamp = `${Date.now()}-${test.info().workerIndex}`;
  const sellerEmail = `looks-seller-${stamp}@example.com`;
  const buyerEmail = `looks-buyer-${stamp}@example.com`;
  const seller = await signUpByApi(api, { name: LONG_SELLER, email: sellerEmail, role: "Seller" });
  const buyer = await signUpByApi(api, { name: "Looks Buyer", email: buyerEmail, role: "Buyer" });
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const products: string[] = [];
  for (const [i, name] of ["Looks MacBook Pro 14 M3 Pro 18GB 512GB Space Black", "Looks MacBook Air 13 M2", "Looks MacBook Air 15 M3"].entries()) {
    const image = await api.post(base() + "/api/images", {
      headers: auth(seller),
      multipart: { image: { name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) } },
    });
    const url = (await ok<{ data: { url: string } }>(image, "image")).data.url;
    const res = await api.post(base() + "/api/products", {
      headers: auth(seller),
      data: {
        productName: name,
        picture: url,
        sellPrice: 95000 + i * 1000,
        orginalPrice: 180000,
        category: "APPLE",
        condition: "good",
        location: LONG_LOCATION,
        used: "2",
        number: "01712345678",
        description: "Seeded by looks.spec.ts.",
      },
    });
    products.push((await ok<{ insertedId: string }>(res, "product")).insertedId);
  }
  const book = async (productId: string) =>
    ok(await api.post(base() + "/api/bookings", { headers: auth(buyer), data: { ProductId: productId, number: "01812345678", meetLocation: "Farmgate, Dhaka" } }), "booking");
  await book(products[0]!);
  await book(products[1]!);
  type B = { _id: string; ProductId: string; handoverCode?: string };
  const list = async () => ok<B[]>(await api.get(base() + `/api/bookings?email=${encodeURIComponent(buyerEmail)}`, { headers: auth(buyer) }), "bookings");
  const second = (await list()).find((b) => b.ProductId === products[1])!;
  await ok(await api.put(base() + `/api/bookings/${second._id}/accept`, { headers: auth(seller) }), "accept");
  const code = (await list()).find((b) => b._id === second._id)!.handoverCode!;
  expect(code).toMatch(/^\d{6}$/);
  await ok(await api.post(base() + `/api/bookings/${second._id}/handover`, { headers: auth(seller), data: { code } }), "hand-over");
  return { seller, buyer, products, completedBooking: second._id };
}

let seeded: Seed;
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext();
  seeded = await seed(api);
  await api.dispose();
});

async function showLanguage(page: Page, lang: "en" | "bn") {
  await page.evaluate((l) => {
    localStorage.setItem("resale:lang", l);
    window.dispatchEvent(new StorageEvent("storage", { key: "resale:lang" }));
  }, lang);
  await look(page.locator("html")).toHaveAttribute("lang", lang);
}

async function showTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await look(page.locator("html")).toHaveAttribute("data-theme", theme === "dark" ? "resale-dark" : "resale");
}

/**
 * contrast is the WCAG contrast ratio of an element's text on what is
 * behind it (its own background, else its nearest ancestor's), the colours
 * as the browser paints them (a canvas reads oklch into sRGB).
 */
async function contrast(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    };
    let bg: number[] | null = null;
    for (let p: Element | null = el; p; p = p.parentElement) {
      const c = rgba(getComputedStyle(p).backgroundColor);
      if (c[3]! > 250) {
        bg = c;
        break;
      }
    }
    bg ??= [255, 255, 255, 255];
    const fg = rgba(getComputedStyle(el).color);
    // a text colour with opacity lies over the background
    const a = fg[3]! / 255;
    const mix = [0, 1, 2].map((i) => fg[i]! * a + bg[i]! * (1 - a));
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [l1, l2] = [lum(mix), lum(bg)].sort((x, y) => y - x);
    return (l1! + 0.05) / (l2! + 0.05);
  }, selector);
}

/** reveal scrolls down the page a screen at a time (the brands' shelves load near the screen) until text shows up. */
async function reveal(page: Page, text: string) {
  const target = page.getByText(text).first();
  for (let i = 0; i < 40 && (await target.count()) === 0; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForLoadState("networkidle");
  }
  await look(target).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** tooSmall lists the visible matches of selector smaller than 44 px (height, or both sides with square). */
async function tooSmall(page: Page, selector: string, square = false): Promise<string[]> {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { what: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40), w: r.width, h: r.height };
      }),
  );
  expect(boxes.length, `nothing matched ${selector}`).toBeGreaterThan(0);
  return boxes
    .filter((b) => b.h < MIN_TAP - 0.5 || (square && b.w < MIN_TAP - 0.5))
    .map((b) => `${selector} "${b.what}" is ${Math.round(b.w)}x${Math.round(b.h)}px`);
}

test("My Booking on a phone: status first, no raw labels, reasons written out, Completed readable in dark, in English and Bangla", async ({ browser }) => {
  const context = await signedIn(browser, seeded.buyer, { viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto(base() + "/dashboard/mybooking");
  const cards = page.locator("table tbody tr");
  await look(cards).toHaveCount(2);
  for (const theme of ["light", "dark"] as const) {
    await showTheme(page, theme);
    for (const lang of ["en", "bn"] as const) {
      await showLanguage(page, lang);
      await settle(page);
      await page.screenshot({ path: test.info().outputPath(`my-booking-360-${theme}-${lang}.png`), fullPage: true });
      // no row number, no column name stuck together in capitals
      await look(page.locator("tbody th[scope=row]").first()).toBeHidden();
      const text = await page.locator("table").innerText();
      expect(text).not.toMatch(/MEETLOCATION|MeetLocation/i);
      // each card starts with its status
      for (const card of await cards.all()) {
        const first = await card.evaluate((tr) => {
          const shown = Array.from(tr.children).filter((c) => (c as HTMLElement).offsetParent !== null);
          shown.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
          return shown[0]?.getAttribute("data-label") ?? "";
        });
        expect(first).toBe(lang === "en" ? "Status" : "স্ট্যাটাস");
      }
    }
  }
  await showLanguage(page, "en");
  const completed = cards.filter({ hasText: "Looks MacBook Air 13 M2" });
  // Delete is off for the completed booking, and the card says why in words
  await look(completed.getByRole("button", { name: /Delete/ })).toBeDisabled();
  await look(completed.getByText("Only a booking that is waiting or accepted can be cancelled")).toBeVisible();
  // Completed, in both themes, at 4.5:1 at least
  for (const theme of ["light", "dark"] as const) {
    await showTheme(page, theme);
    const ratio = await contrast(page, `tbody tr:has-text("Looks MacBook Air 13 M2") .badge:has-text("Completed")`);
    expect(ratio, `Completed badge in ${theme}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
  }
  await context.close();
});

test("every control a finger uses is at least 44 px at 360 px", async ({ browser }) => {
  const context = await signedIn(browser, seeded.buyer, { viewport: { width: 360, height: 800 } });
  // the full cards first (a phone shows rows unless one chooses them, #37); the rows below
  await context.addInitScript(() => localStorage.setItem("resale:listing-view", "card"));
  const page = await context.newPage();
  const problems: string[] = [];
  // the home page's cards: the phone number, the seller's name, the buttons
  await page.goto(base() + "/");
  await reveal(page, "Looks MacBook Air 15 M3");
  await settle(page);
  problems.push(...(await tooSmall(page, 'article a[href^="tel:"]')));
  problems.push(...(await tooSmall(page, 'article a[href^="/seller/"]')));
  problems.push(...(await tooSmall(page, "article .btn")));
  // the phone's own rows (#37): their hearts, and the toggle that chooses them
  await page.getByRole("group", { name: "Show laptops as" }).getByRole("button", { name: "List" }).click();
  await look(page.locator("article[data-tile]").first()).toBeVisible();
  problems.push(...(await tooSmall(page, "article[data-tile] .btn")));
  problems.push(...(await tooSmall(page, '[role="group"][aria-label="Show laptops as"] .btn')));
  // the header's icon buttons: menu, search, messages, bell, account
  problems.push(...(await tooSmall(page, "header .navbar .btn-square, header .navbar .btn-circle", true)));
  // the phone's menu and its items
  const menu = page.locator("header details.dropdown > summary").first();
  await menu.click();
  problems.push(...(await tooSmall(page, "header details[open] .menu li > a")));
  await page.keyboard.press("Escape");
  // a product's breadcrumb and seller link
  await page.goto(base() + `/product/${seeded.products[2]}`);
  await look(page.locator("h1").first()).toBeVisible();
  await settle(page);
  problems.push(...(await tooSmall(page, ".breadcrumbs a[href]")));
  // settings' language radios, through their labels
  await page.goto(base() + "/settings");
  await look(page.locator("h1").first()).toBeVisible();
  problems.push(...(await tooSmall(page, 'label:has(input[type="radio"])')));
  // the review's stars
  await page.goto(base() + `/dashboard/mybooking?review=${seeded.completedBooking}`);
  const dialog = page.getByRole("dialog");
  await look(dialog).toBeVisible();
  problems.push(...(await tooSmall(page, 'dialog .rating input', true)));
  await page.screenshot({ path: test.info().outputPath("review-stars-360.png") });
  // a photo's remove button on Add Product (as the seller)
  const seller = await signedIn(browser, seeded.seller, { viewport: { width: 360, height: 800 } });
  const sp = await seller.newPage();
  await sp.goto(base() + "/dashboard/addproduct");
  await look(sp.locator("h1").first()).toBeVisible();
  await sp.locator('input[type="file"]').first().setInputFiles({ name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) });
  await look(sp.getByRole("button", { name: /Remove photo/ }).first()).toBeVisible();
  problems.push(...(await tooSmall(sp, 'button[aria-label^="Remove photo"]', true)));
  await sp.screenshot({ path: test.info().outputPath("remove-photo-360.png") });
  expect(problems, problems.join("\n")).toEqual([]);
  await seller.close();
  await context.close();
});

test("long seller names and titles stay inside their cards at 360, 390 and 1366 px; Book Now is one line in Similar laptops", async ({ browser }) => {
  const context = await signedIn(browser, seeded.buyer, { viewport: { width: 360, height: 800 } });
  // the full cards, which name the seller, chosen on the phone (#37: rows by default)
  await context.addInitScript(() => localStorage.setItem("resale:listing-view", "card"));
  const page = await context.newPage();
  const brands = await ok<{ _id: string; name: string }[]>(await page.request.get(base() + "/api/categorys"), "brands");
  const apple = brands.find((b) => b.name === "APPLE")!;
  for (const path of ["/", `/categorys/${apple._id}`, `/product/${seeded.products[2]}`]) {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(base() + path);
    await reveal(page, LONG_SELLER);
    for (const width of [360, 390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      const wide = await page.evaluate(() => {
        const vw = window.innerWidth;
        const out: string[] = [];
        if (document.documentElement.scrollWidth > vw) out.push(`page is ${document.documentElement.scrollWidth}px wide`);
        for (const a of document.querySelectorAll("article")) {
          let sideways = false;
          for (let p = a.parentElement; p; p = p.parentElement) {
            const x = getComputedStyle(p).overflowX;
            if ((x === "auto" || x === "scroll") && p.scrollWidth > p.clientWidth) sideways = true;
          }
          const r = a.getBoundingClientRect();
          if (!sideways && (r.right > vw + 1 || r.left < -1)) out.push(`a card runs ${Math.round(r.left)} to ${Math.round(r.right)}`);
          // the seller's name and the title end inside the card
          for (const el of a.querySelectorAll('a[href^="/seller/"], h3')) {
            const e = el.getBoundingClientRect();
            if (e.right > r.right + 1) out.push(`"${el.textContent?.slice(0, 30)}" runs past its card by ${Math.round(e.right - r.right)}px`);
          }
        }
        return out;
      });
      expect(wide, `${path} at ${width}px`).toEqual([]);
      if (path !== `/product/${seeded.products[2]}` && width < 1366) {
        // the card with the long name, on screen
        await page.getByRole("article").filter({ hasText: LONG_SELLER }).first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`${path === "/" ? "home" : "brand"}-long-names-${width}.png`) });
      }
    }
  }
  await context.close();
  // Similar laptops on a phone, signed out (the buyer's own booking shows Booked): every Book Now is one line
  const visitor = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const vp = await visitor.newPage();
  await vp.goto(base() + `/product/${seeded.products[2]}`);
  await reveal(vp, "Similar laptops");
  const similar = vp.getByRole("region", { name: "Similar laptops" });
  await similar.scrollIntoViewIfNeeded();
  await look(similar.getByRole("button", { name: "Book Now" }).first()).toBeVisible();
  const books = similar.getByRole("button", { name: "Book Now" });
  expect(await books.count()).toBeGreaterThan(0);
  for (const b of await books.all()) {
    const lines = await b.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  }
  await similar.screenshot({ path: test.info().outputPath("similar-360.png") });
  await visitor.close();
});

test("notifications read in Bangla after a switch, old ones too, in the shop's Bengali font", async ({ browser }) => {
  const context = await signedIn(browser, seeded.buyer, { viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  // English: no Bengali font is fetched
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("noto-sans-bengali")) fonts.push(r.url());
  });
  await page.goto(base() + "/notifications");
  const list = page.getByRole("list", { name: "Notifications" });
  await look(list.getByText("Booking accepted: Looks MacBook Air 13 M2")).toBeVisible();
  await settle(page);
  expect(fonts).toEqual([]);
  // the same notifications, written in English, now in Bangla
  await showLanguage(page, "bn");
  await look(page.getByRole("list", { name: "নোটিফিকেশন" }).getByText("বুকিং গৃহীত: Looks MacBook Air 13 M2")).toBeVisible();
  await look(page.getByText("Booking accepted: Looks MacBook Air 13 M2")).toHaveCount(0);
  await settle(page);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return Array.from(document.fonts).filter((f) => f.family.replace(/"/g, "") === "Noto Sans Bengali" && f.status === "loaded").length;
  });
  expect(loaded).toBeGreaterThan(0);
  expect(fonts.length).toBeGreaterThan(0);
  for (const theme of ["light", "dark"] as const) {
    await showTheme(page, theme);
    await settle(page);
    await page.screenshot({ path: test.info().outputPath(`notifications-360-${theme}-bn.png`), fullPage: true });
  }
  await context.close();
});

// The public shell: layout, categories from the real API, the blog, deep
// links, the error page, the phone menu, the account menu (its pages two
// taps away, Log Out asking first), the header's layout shift as the
// signed-in user arrives, and toasts clear of the page's title.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { adminByApi, picture, signedIn, signUpByApi } from "./helpers";
import { twoFrames } from "./layout";
import { laptopPng } from "./png";

const base = () => process.env.BASE_URL!;

test("home shows the header, the four brands with their images, and the footer", async ({ page }) => {
  // the full-page screenshot draws every brand section, each with its eight cards
  test.setTimeout(120_000);
  await page.goto(base() + "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Resale" }).first()).toBeVisible();
  await expect(header.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Blog" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();

  const main = page.getByRole("main");
  // exact: a listing's link ("HP ProBook ...", advertised by another
  // journey) holds a brand's name too
  for (const brand of ["WALTON", "APPLE", "HP", "ASUS"]) {
    const tile = main.getByRole("link", { name: brand, exact: true });
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute("href", /^\/categorys\/\d+$/);
  }
  // every category image really loaded from the binary
  for (const brand of ["WALTON", "APPLE", "HP", "ASUS"]) {
    const img = main.getByRole("link", { name: brand, exact: true }).locator("img");
    await expect(img).toHaveAttribute("src", `/categories/${brand.toLowerCase()}.svg`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("best place to buy and sell secondhand products");
  for (const brand of ["WALTON", "APPLE", "HP", "ASUS"]) {
    await expect(footer.getByRole("link", { name: brand })).toBeVisible();
  }
  await picture(page, "home-desktop.png", { fullPage: true });
});

test("the home page at rest animates nothing: the brands below the fold wait without a shimmer", async ({ page }) => {
  // a shimmer off screen kept Chromium drawing a core's worth, forever
  await page.goto(base() + "/");
  await expect(page.getByRole("heading", { name: "Urgent Sell" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && (a.effect?.getComputedTiming().endTime ?? 0) === Infinity)
        .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? "?"),
    );
  await expect.poll(running).toEqual([]);
  // the brands still come when scrolled to
  const asus = page.locator("section[aria-labelledby='brand-asus-title']");
  await expect(asus.locator(".skeleton").first()).toBeAttached();
  await asus.scrollIntoViewIfNeeded();
  await expect(asus.locator(".skeleton")).toHaveCount(0);
});

test("the blog has four question cards", async ({ page }) => {
  await page.goto(base() + "/");
  await page.getByRole("banner").getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("article")).toHaveCount(4);
  for (const topic of [/state/i, /prototypal inheritance/i, /unit test/i, /React vs\.? Angular vs\.? Vue/i]) {
    await expect(page.getByRole("heading", { name: topic })).toBeVisible();
  }
});

test("a deep link to a signed-in page loads the app and sends a visitor to log in", async ({ page }) => {
  const res = await page.goto(base() + "/categorys/1");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown page shows 404 and a way home", async ({ page }) => {
  await page.goto(base() + "/no/such/page");
  await expect(page.getByText("404")).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(base() + "/");
  await expect(page.getByRole("link", { name: "WALTON" }).first()).toBeVisible();
});

test("on a phone the menu opens from the toggle", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(base() + "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Blog" })).toBeHidden();
  await page.getByLabel("Open menu").click();
  await page.getByRole("link", { name: "Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await picture(page, "blog-phone.png", { fullPage: true });
  await page.close();
});

const WIDTHS = [360, 390, 1366];
type Role = "visitor" | "buyer" | "seller" | "admin";

/** A fresh account of `role` and its token (none for a visitor). */
async function tokenFor(browser: Browser, role: Role, tag: string): Promise<string | null> {
  if (role === "visitor") return null;
  const api = (await browser.newContext()).request;
  const email = `shell-${role}-${tag}-${Date.now()}-${test.info().workerIndex}@example.com`;
  const name = `Shell ${role[0]!.toUpperCase()}${role.slice(1)}`;
  return role === "admin" ? adminByApi(api, { name, email }) : signUpByApi(api, { name, email, role: role === "seller" ? "Seller" : "Buyer" });
}

/** The bar's controls on top of each other, or off the side of the window (layout.ts's checks, for the header alone). */
async function headerProblems(page: Page): Promise<string[]> {
  return page.getByRole("banner").evaluate((bar) => {
    const problems: string[] = [];
    const shown = [...bar.querySelectorAll("a[href], button, summary, input")].filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 2);
    const name = (el: Element) => el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
    for (const [i, a] of shown.entries()) {
      const r = a.getBoundingClientRect();
      if (r.left < -1 || r.right > window.innerWidth + 1) problems.push(`${name(a)} is outside the window`);
      for (const b of shown.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const q = b.getBoundingClientRect();
        if (Math.min(r.right, q.right) - Math.max(r.left, q.left) > 2 && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 2) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
    return problems;
  });
}

for (const width of WIDTHS) {
  test(`the account menu at ${width} px: the name stays, Log Out is not on the bar, and the seller's pages are two taps from home`, async ({ browser }) => {
    test.setTimeout(120_000);
    const token = (await tokenFor(browser, "seller", `menu${width}`))!;
    const context = await signedIn(browser, token, { viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(base() + "/");
    const header = page.getByRole("banner");
    const account = header.getByRole("button", { name: "Account menu" });
    // its own chunk, after /api/me: a busy machine took seconds
    await expect(account).toBeVisible({ timeout: 30_000 });
    // the wordmark is on the bar, with nothing drawn over it
    const word = header.getByRole("link", { name: "Resale" }).first().getByText("Resale", { exact: true });
    await expect(word).toBeVisible();
    const wordBox = (await word.boundingBox())!;
    for (const control of await header.locator("a[href], button, summary").all()) {
      if (!(await control.isVisible())) continue;
      if ((await control.getByText("Resale", { exact: true }).count()) > 0) continue;
      const b = (await control.boundingBox())!;
      const overlap = Math.min(b.x + b.width, wordBox.x + wordBox.width) - Math.max(b.x, wordBox.x);
      const overlapY = Math.min(b.y + b.height, wordBox.y + wordBox.height) - Math.max(b.y, wordBox.y);
      expect(overlap > 1 && overlapY > 1, `${await control.getAttribute("aria-label")} is drawn over the name`).toBe(false);
    }
    expect(await headerProblems(page)).toEqual([]);
    // no Log Out on the bar: it is in the menu
    await expect(header.getByRole("button", { name: "Log Out" })).toHaveCount(0);

    for (const [name, path] of [
      ["Leads", "/dashboard/leads"],
      ["My Booking", "/dashboard/mybooking"],
      ["Favourites", "/dashboard/favourites"],
      ["Messages", "/dashboard/messages"],
      ["View my shop", "/seller/"],
    ] as const) {
      await page.goto(base() + "/");
      await account.click(); // tap one
      await header.getByRole("list", { name: "Account menu" }).getByRole("link", { name, exact: true }).click(); // tap two
      await expect(page).toHaveURL(new RegExp(path.replaceAll("/", "\\/")));
      await expect(header.getByRole("list", { name: "Account menu" })).toHaveCount(0);
    }
    await context.close();
  });

  test(`log out at ${width} px asks first: Cancel keeps the session, Log Out ends it`, async ({ browser }) => {
    test.setTimeout(120_000);
    const token = (await tokenFor(browser, "buyer", `out${width}`))!;
    const context = await signedIn(browser, token, { viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(base() + "/dashboard/favourites");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Account menu" })).toBeVisible({ timeout: 30_000 });
    await header.getByRole("button", { name: "Account menu" }).click();
    await header.getByRole("button", { name: "Log Out" }).click();
    const question = page.getByRole("alertdialog", { name: "Log out of Resale?" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/favourites$/);
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBe(token);

    await header.getByRole("button", { name: "Account menu" }).click();
    await header.getByRole("button", { name: "Log Out" }).click();
    await question.getByRole("button", { name: "Log Out" }).click();
    await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await context.close();
  });
}

/**
 * The layout shift of loading home, as Chromium's layout-shift entries
 * count it (those after input excluded): the header's signed-in controls
 * arrive after /api/me, in a space kept for them.
 */
for (const role of ["visitor", "buyer", "seller", "admin"] as const) {
  test(`home does not shift (CLS under 0.05) as the header loads ${role === "visitor" ? "signed out" : `as ${role}`}, at 360 and 1366 px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const token = await tokenFor(browser, role, "cls");
    for (const width of [360, 1366]) {
      const context = token
        ? await signedIn(browser, token, { viewport: { width, height: 800 } })
        : await browser.newContext({ viewport: { width, height: 800 } });
      // the account arrives a second after the page has drawn, as on a slow
      // phone line, so a header that makes room for it only then is caught
      await context.route("**/api/me", async (route) => {
        await new Promise((r) => setTimeout(r, 1000));
        await route.continue();
      });
      await context.addInitScript(() => {
        const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
            if (e.hadRecentInput) continue;
            const sources = (e.sources ?? []).map((s) => {
              const el = s.node instanceof Element ? s.node : s.node?.parentElement;
              return el ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}` : "?";
            });
            w.__shifts.push({ value: e.value, sources });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      const page = await context.newPage();
      await page.goto(base() + "/");
      const header = page.getByRole("banner");
      await expect(token ? header.getByRole("button", { name: "Account menu" }) : header.getByRole("link", { name: "Log In" })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("heading", { name: "Urgent Sell" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await twoFrames(page);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, `${role} at ${width} px: ${JSON.stringify(shifts)}`).toBeLessThan(0.05);
      await context.close();
    }
  });
}

for (const width of WIDTHS) {
  test(`a toast at ${width} px leaves the page's title clear: sign-up lands on Add Product with its toast`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    execFileSync("psql", [process.env.DATABASE_URL!, "-qc", "DELETE FROM login_throttle WHERE key LIKE 'signup:%'"]);
    await page.goto(base() + "/signup?role=Seller&from=%2Fdashboard%2Faddproduct");
    await page.getByLabel("Name").fill("Toast Seller");
    await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [180, 83, 9]) });
    await page.getByLabel("Email").fill(`shell-toast-${width}-${Date.now()}-${test.info().workerIndex}@example.com`);
    await page.getByLabel("Password").fill("journey-password-1");
    await page.getByLabel("Account Type").selectOption("Seller");
    // measured in the page as it happens: the toast's box once its bounce has landed (a
    // busy machine may outlast its five seconds before a step could look), the title's words once shown
    await page.evaluate(() => {
      const w = window as unknown as { __toast?: DOMRect; __title?: DOMRect };
      const watch = () => {
        const toast = [...document.querySelectorAll(".Toastify__toast")].find((t) => t.textContent?.includes("User create Success"));
        if (toast && !w.__toast && toast.getAnimations().every((a) => a.playState === "finished")) w.__toast = toast.getBoundingClientRect();
        const h1 = document.querySelector("main h1");
        if (h1?.textContent === "Add a Product" && !w.__title) {
          const range = document.createRange();
          range.selectNodeContents(h1);
          w.__title = range.getBoundingClientRect();
        }
        if (!w.__toast || !w.__title) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/dashboard\/addproduct$/, { timeout: 15_000 });
    const measured = () => page.evaluate(() => (window as unknown as { __toast?: DOMRect; __title?: DOMRect }).__toast !== undefined && (window as unknown as { __title?: DOMRect }).__title !== undefined);
    await expect.poll(measured).toBe(true);
    const { t, h } = await page.evaluate(() => {
      const w = window as unknown as { __toast: DOMRect; __title: DOMRect };
      return { t: w.__toast.toJSON() as DOMRect, h: w.__title.toJSON() as DOMRect };
    });
    const overlap = Math.min(t.x + t.width, h.x + h.width) - Math.max(t.x, h.x) > 0 && Math.min(t.y + t.height, h.y + h.height) - Math.max(t.y, h.y) > 0;
    expect(overlap, `toast ${JSON.stringify(t)} over the title ${JSON.stringify(h)}`).toBe(false);
    await picture(page, `toast-${width}.png`);
  });
}

/**
 * Pictures of the header and its account menu at each width, light and
 * dark, English and Bangla, for a person to look at: SHOTS=1.
 */
test("pictures of the signed-in header and its account menu", async ({ browser }) => {
  test.skip(process.env.SHOTS !== "1", "pictures only with SHOTS=1");
  test.setTimeout(600_000);
  const token = (await tokenFor(browser, "seller", "shots"))!;
  for (const lang of ["en", "bn"]) {
    for (const theme of ["light", "dark"] as const) {
      for (const width of WIDTHS) {
        const context = await signedIn(browser, token, { viewport: { width, height: 640 }, colorScheme: theme });
        await context.addInitScript((l) => localStorage.setItem("resale:lang", l), lang);
        const page = await context.newPage();
        await page.goto(base() + "/");
        const header = page.getByRole("banner");
        await header.getByRole("button", { name: lang === "en" ? "Account menu" : "অ্যাকাউন্ট মেনু" }).click();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: test.info().outputPath(join("header", `menu-${width}-${theme}-${lang}.png`)) });
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: lang === "en" ? "Open menu" : "মেনু খুলুন" }).click().catch(() => {});
        await page.screenshot({ path: test.info().outputPath(join("header", `hamburger-${width}-${theme}-${lang}.png`)) });
        await context.close();
      }
    }
  }
});

// #32 (walkthrough 10, 11): what sent a visitor to log in is finished once
// they are back. At 360 px: a logged-out Save on a laptop, then sign-up,
// and the laptop is saved; a logged-out Book Now, then log-in, and the
// booking dialog is open; a saved search reads "Saved · Manage". Pictures
// at 360 and 1366 px, light and dark, English and Bangla, with SHOTS=1.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { addProductByApi, base, picture, settle, signUpByApi } from "./helpers";
import { laptopPng } from "./png";

const PHONE = { width: 360, height: 780 };

/**
 * shots pictures the page as it is (English, light, 360 px), then at 360
 * and 1366 px, light and dark, English and Bangla, reloading with the
 * choice stored (reopen puts back what a reload closes), and checks that
 * nothing sticks out sideways.
 */
async function shots(page: Page, name: string, reopen?: () => Promise<void>) {
  await picture(page, `${name}-as-arrived-360-light-en.png`);
  for (const lang of ["en", "bn"] as const) {
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate(([l, th]) => {
        localStorage.setItem("resale:lang", l);
        localStorage.setItem("resale:theme", th);
      }, [lang, theme]);
      await page.reload();
      if (reopen) await reopen();
      for (const width of [360, 1366]) {
        await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
        await settle(page);
        await picture(page, `${name}-${width}-${theme}-${lang}.png`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(wide, `${name} at ${width} px, ${theme}, ${lang}`).toBeLessThanOrEqual(0);
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("resale:lang", "en");
    localStorage.removeItem("resale:theme");
  });
  await page.setViewportSize(PHONE);
  await page.reload();
}

test("logged out, Save on a laptop, then sign up: the laptop is saved, once", async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const sellerToken = await signUpByApi(request, { name: "Resume Seller", email: `resume-seller-${stamp}@example.com`, role: "Seller" });
  const name = `ThinkPad Resume ${stamp}`;
  const id = await addProductByApi(request, sellerToken, { name, category: "HP", sellPrice: 42000 });

  await page.setViewportSize(PHONE);
  await page.goto(`${base()}/product/${id}`);
  await page.getByRole("button", { name: `Save ${name} to favourites` }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Log in to save this laptop to your favourites.")).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();

  execFileSync("psql", [process.env.DATABASE_URL!, "-qc", "DELETE FROM login_throttle WHERE key LIKE 'signup:%'"]);
  await page.getByLabel("Name").fill("Resume Buyer");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [180, 83, 9]) });
  await page.getByLabel("Email").fill(`resume-buyer-${stamp}@example.com`);
  await page.getByLabel("Password").fill("journey-password-1");
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(page).toHaveURL(new RegExp(`/product/${id}$`), { timeout: 15_000 });
  await expect(page.getByText("Saved to your favourites.")).toBeVisible();
  const heart = page.getByRole("button", { name: `Remove ${name} from favourites` });
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await shots(page, "resume-favourite");

  // the reloads did not do it again
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Saved to your favourites.")).toHaveCount(0);
  const ids = await page.evaluate(async () => {
    const res = await fetch("/api/favourites/ids", { headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` } });
    return (await res.json()) as string[];
  });
  expect(ids).toEqual([id]);
});

test("logged out, Book Now, then log in: the booking dialog is open", async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const sellerToken = await signUpByApi(request, { name: "Resume Seller", email: `resume-seller2-${stamp}@example.com`, role: "Seller" });
  const name = `EliteBook Resume ${stamp}`;
  const id = await addProductByApi(request, sellerToken, { name, category: "HP", sellPrice: 38000 });
  const email = `resume-booker-${stamp}@example.com`;
  await signUpByApi(request, { name: "Resume Booker", email, role: "Buyer" });

  await page.setViewportSize(PHONE);
  await page.goto(`${base()}/product/${id}`);
  // on a phone the laptop's own Book Now is in the bar at the bottom (#37);
  // Similar laptops' cards have theirs in the page
  const bar = page.getByRole("region", { name: "Call, chat or book" });
  await bar.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Log in to book this laptop.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("journey-password-1");
  await page.getByRole("button", { name: "Login" }).click();

  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await expect(dialog).toBeVisible();
  // opened once: a reload shows the page without it
  await shots(page, "resume-book", async () => {
    // the laptop's own Book Now: in the phone's bar, else on the page
    const book = /^(Book Now|বুক করুন)$/;
    const inBar = page.getByRole("region", { name: /^(Call, chat or book|কল, চ্যাট বা বুক করুন)$/ }).getByRole("button", { name: book });
    await inBar.or(page.getByRole("article", { name }).getByRole("button", { name: book })).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a saved search reads Saved · Manage and leads to the saved searches", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const token = await signUpByApi(request, { name: "Resume Saver", email: `resume-saver-${stamp}@example.com`, role: "Buyer" });
  const context = await browser.newContext({
    viewport: PHONE,
    storageState: { cookies: [], origins: [{ origin: base(), localStorage: [{ name: "accessToken", value: token }] }] },
  });
  const p = await context.newPage();
  const word = `resume${String(stamp).slice(-6)}`;
  await p.goto(`${base()}/search?q=${word}&maxPrice=70000`);
  await p.getByRole("button", { name: "Save this search" }).click();
  const dialog = p.getByRole("dialog", { name: "Save this search" });
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(dialog).toBeHidden();
  const manage = p.getByRole("link", { name: "This search is saved: manage your saved searches" });
  await expect(manage).toBeVisible();
  await expect(manage).toHaveText(/Saved · Manage/);
  // the same filters written another way are the same saved search
  await p.goto(`${base()}/search?maxPrice=070000&q=%20${word}%20`);
  await expect(manage).toBeVisible();
  await shots(p, "resume-saved-search");
  await expect(manage).toBeVisible();
  await manage.click();
  await expect(p).toHaveURL(/\/dashboard\/saved-searches$/);
  await context.close();
  void page;
});

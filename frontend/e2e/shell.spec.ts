// The public shell: layout, categories from the real API, the blog, deep
// links, the error page, and the phone menu.
import { expect, test } from "@playwright/test";
import { picture } from "./helpers";

const base = () => process.env.BASE_URL!;

test("home shows the header, the four brands with their images, and the footer", async ({ page }) => {
  // the full-page screenshot draws every brand section, each with its eight cards
  test.setTimeout(60_000);
  await page.goto(base() + "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Resale" }).first()).toBeVisible();
  await expect(header.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Blog" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();

  const main = page.getByRole("main");
  for (const brand of ["WALTON", "APPLE", "HP", "ASUS"]) {
    const tile = main.getByRole("link", { name: brand });
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute("href", /^\/categorys\/\d+$/);
  }
  // every category image really loaded from the binary
  for (const brand of ["WALTON", "APPLE", "HP", "ASUS"]) {
    const img = main.getByRole("link", { name: brand }).locator("img");
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

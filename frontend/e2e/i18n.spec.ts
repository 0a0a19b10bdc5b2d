// Bangla against the real binary: a visitor switches the home page to
// Bangla from the header, sees Bangla headings and a laptop's price in
// Bengali digits, reloads and is still in Bangla, then switches back.
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, atPhoneWidth, base, DESKTOP, signUpByApi } from "./helpers";

test("a visitor switches the shop to Bangla, keeps it over a reload, and switches back", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productName = `Bangla Book ${String(stamp).slice(-6)}`;

  // A seller lists an APPLE laptop (HP stays empty for seller.spec.ts),
  // through the API: signing up and Add Product are other journeys'.
  const sellerToken = await signUpByApi(request, { name: "Bangla Seller", email: `bangla-seller-${stamp}@example.com`, role: "Seller" });
  await addProductByApi(request, sellerToken, { name: productName, category: "APPLE", sellPrice: 45500 });

  const context = await browser.newContext({ viewport: DESKTOP, locale: "en-US" });
  const page = await context.newPage();
  await page.goto(base() + "/");
  await expect(page.getByRole("heading", { name: "Shop by brand" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // 1. The header's switch, named in Bangla.
  await page.getByRole("banner").getByRole("button", { name: "বাংলা" }).click();
  await expect(page.getByRole("heading", { name: "ব্র্যান্ড অনুযায়ী কিনুন" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("banner").getByRole("link", { name: "লগ ইন" })).toBeVisible();
  await expect(page).toHaveTitle("Resale – পুরোনো ল্যাপটপ কেনাবেচা");

  // 2. The laptop, with its price in Bengali digits.
  const apple = page.getByRole("region", { name: "অ্যাপল ল্যাপটপ" });
  await apple.scrollIntoViewIfNeeded();
  const card = apple.getByRole("article", { name: productName });
  await expect(card).toBeVisible();
  await expect(card).toContainText("বিক্রয়মূল্য: ৳৪৫,৫০০");
  await expect(card).not.toContainText("Tk");
  await expect(card.getByRole("button", { name: "বুক করুন" })).toBeVisible();
  await checkA11y(page, "home in Bangla");
  await atPhoneWidth(page, "home-bangla-phone.png");

  // 3. A reload remembers the choice.
  await page.reload();
  await expect(page.getByRole("heading", { name: "ব্র্যান্ড অনুযায়ী কিনুন" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");

  // 4. And back to English, as the spec words it.
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Shop by brand" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const appleInEnglish = page.getByRole("region", { name: "Apple Laptop" });
  await appleInEnglish.scrollIntoViewIfNeeded();
  await expect(appleInEnglish.getByRole("article", { name: productName })).toContainText("Selling price: 45,500 Tk");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Shop by brand" })).toBeVisible();
  await context.close();
});

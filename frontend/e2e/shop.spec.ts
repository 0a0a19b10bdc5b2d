// Tools for a shop (#37) on a 390 px phone: a seller fills in their shop
// page (logo, banner, address, hours, map position, about), a buyer opens
// it from a listing, and the seller posts a similar ad and renews two
// listings at once. With SHOTS=1 the shop page and its form are pictured
// at 360, 390 and 1366 px, light and dark, English and Bangla.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { addProductByApi, base, PHONE, picture, SHOTS, signedIn, signUpByApi } from "./helpers";
import { laptopPng } from "./png";

const psql = (sql: string) => execFileSync("psql", [process.env.DATABASE_URL!, "-qc", sql]);

/** show reloads the page in a theme and language, as the header's switches leave them. */
async function show(page: Page, theme: "light" | "dark", lang: "en" | "bn") {
  await page.evaluate(([t, l]) => {
    localStorage.setItem("resale:theme", t);
    localStorage.setItem("resale:lang", l);
  }, [theme, lang] as const);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme === "dark" ? "resale-dark" : "resale");
  await page.waitForLoadState("networkidle");
}

/** pictures takes the page at each width, theme and language (SHOTS=1 only), then goes back to English, light, 390 px. */
async function pictures(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 390, 1366]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 800 });
    for (const theme of ["light", "dark"] as const) {
      for (const lang of ["en", "bn"] as const) {
        await show(page, theme, lang);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(wide, `${name} at ${width} px sticks out sideways`).toBeLessThanOrEqual(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await picture(page, `${name}-${width}-${theme}-${lang}.png`, { fullPage: true });
      }
    }
  }
  await page.setViewportSize(PHONE);
  await show(page, "light", "en");
}

test("a seller fills their shop page, a buyer opens it from a listing, the seller posts a similar ad and renews two at once", async ({ browser, playwright }) => {
  test.setTimeout(SHOTS ? 600_000 : 180_000);
  const stamp = Date.now();
  const api = await playwright.request.newContext();
  const sellerToken = await signUpByApi(api, { name: `Rahim Computers ${stamp}`, email: `shop-seller-${stamp}@example.com`, role: "Seller" });
  const buyerToken = await signUpByApi(api, { name: "Shop Buyer", email: `shop-buyer-${stamp}@example.com`, role: "Buyer" });
  const first = await addProductByApi(api, sellerToken, { name: `ThinkPad T480 ${stamp}`, category: "HP", sellPrice: 32000 });
  await addProductByApi(api, sellerToken, { name: `EliteBook 840 ${stamp}`, category: "HP", sellPrice: 38000 });

  // The seller fills in the shop page on a phone.
  const sellerContext = await signedIn(browser, sellerToken, { viewport: PHONE });
  const page = await sellerContext.newPage();
  await page.goto(base() + "/dashboard/shop");
  await expect(page.getByRole("heading", { level: 1, name: "My shop" })).toBeVisible();
  await page.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: laptopPng(200, 200, [20, 90, 160]) });
  await expect(page.getByRole("img", { name: "Logo preview" })).toBeVisible();
  await page.getByLabel("Banner", { exact: true }).setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: laptopPng(900, 300, [200, 120, 20]) });
  await expect(page.getByRole("img", { name: "Banner preview" })).toBeVisible();
  await page.getByLabel("Address").fill("Shop 12, Level 4, Multiplan Center, Dhaka");
  await page.getByLabel("About").fill("Checked used laptops.\n7 days replacement warranty.");
  for (const day of ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"]) await page.getByRole("checkbox", { name: day }).check();
  await page.getByLabel("Saturday: opens at").fill("09:30");
  await page.getByLabel("Saturday: closes at").fill("21:00");
  await page.getByRole("button", { name: "Give every open day Saturday's hours" }).click();
  await expect(page.getByLabel("Thursday: closes at")).toHaveValue("21:00");
  await page.getByLabel("Latitude").fill("23.7389");
  await page.getByLabel("Longitude").fill("90.3925");
  await page.getByRole("button", { name: "Save shop page" }).click();
  await expect(page.getByText("Your shop page is saved")).toBeVisible();
  await pictures(page, "shop-form");

  // A buyer finds it from a listing.
  const buyerContext = await signedIn(browser, buyerToken, { viewport: PHONE });
  const buyer = await buyerContext.newPage();
  await buyer.goto(base() + `/product/${first}`);
  await buyer.getByRole("link", { name: "Visit the shop: address, hours and all its laptops" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: `Rahim Computers ${stamp}` })).toBeVisible();
  await expect(buyer.getByRole("img", { name: `Rahim Computers ${stamp}'s logo` })).toBeVisible();
  await expect(buyer.getByText("Shop 12, Level 4, Multiplan Center, Dhaka")).toBeVisible();
  await expect(buyer.getByRole("link", { name: "Open in maps" })).toHaveAttribute("href", "geo:23.7389,90.3925?q=23.7389,90.3925");
  await expect(buyer.getByRole("link", { name: "OpenStreetMap" })).toHaveAttribute("href", /openstreetmap\.org\/\?mlat=23\.7389&mlon=90\.3925/);
  await expect(buyer.getByRole("row", { name: /Friday/ })).toContainText("Closed");
  await expect(buyer.getByRole("row", { name: /Saturday/ })).toContainText("09:30 – 21:00");
  await expect(buyer.getByText("7 days replacement warranty.")).toBeVisible();
  await expect(buyer.getByRole("link", { name: `ThinkPad T480 ${stamp}` }).first()).toBeVisible();
  await expect(buyer.getByRole("link", { name: "Edit shop page" })).toHaveCount(0);
  await pictures(buyer, "shop-page");
  await buyerContext.close();

  // The seller posts a similar ad: the fields and specs come along, the photos do not.
  await page.goto(base() + "/dashboard/myproducts");
  await expect(page.getByRole("heading", { name: "My Products: 2" })).toBeVisible();
  await page.getByRole("link", { name: `Post a similar ad like ThinkPad T480 ${stamp}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a Product" })).toBeVisible();
  await expect(page.getByText(`Copied from ThinkPad T480 ${stamp}`)).toBeVisible();
  await expect(page.getByLabel("Product Name")).toHaveValue(`ThinkPad T480 ${stamp}`);
  await expect(page.getByLabel("Location")).toHaveValue("Uttara, Dhaka");
  await page.getByLabel("Product Name").fill(`ThinkPad T480s ${stamp}`);
  await page.getByLabel("Photo").setInputFiles({ name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("product successfuly added")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Products: 3" })).toBeVisible();

  // Two listings renewed at once, one of them expired; one sold is refused with its reason.
  psql(`UPDATE products SET expires_at = now() - interval '1 day', expired_at = now() WHERE id = ${Number(first)}`);
  const soldId = await addProductByApi(api, sellerToken, { name: `Latitude 7490 ${stamp}`, category: "HP", sellPrice: 30000 });
  await api.put(base() + `/api/products/${soldId}/sold`, { headers: { Authorization: `Bearer ${sellerToken}` } });
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Products: 4" })).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ThinkPad T480 ${stamp}` }).check();
  await page.getByRole("checkbox", { name: `Select EliteBook 840 ${stamp}` }).check();
  await page.getByRole("checkbox", { name: `Select Latitude 7490 ${stamp}` }).check();
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByRole("button", { name: "Renew selected" }).click();
  await expect(page.getByText("Renewed 2 of 3")).toBeVisible();
  await expect(page.locator("[data-bulk-result=refused]")).toContainText("This product is already sold");
  await expect(page.locator("[data-bulk-result=ok]")).toHaveCount(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await picture(page, "bulk-renew-390.png", { fullPage: true });
  const listed = await api.get(base() + `/api/products/${first}`);
  expect(listed.ok(), "the expired listing is back in the catalogue").toBe(true);
  await sellerContext.close();
  await api.dispose();
});

// Moderation with reasons, the admin's side (#20): a buyer reports a
// laptop from its card with a reason and a note; the admin sees today's
// numbers and the 30 days' charts on Overview (where their dashboard
// lands), finds the reason and the count on Reported Products, dismisses
// the reports, takes a seller's verification away on All Seller, and the
// audit log shows both. Its own names and an APPLE laptop at an odd price;
// the laptop is deleted at the end.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addProductByApi, adminByApi, base, settle, signedIn, signUpByApi, picture } from "./helpers";

const SMALL = { width: 360, height: 800 };
const WIDE = { width: 1366, height: 900 };

/** openAdminPage follows the dashboard's side menu (a drawer on phones). */
async function openAdminPage(page: Page, label: string) {
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  const toggle = page.getByText("Dashboard menu");
  // after a reload the dashboard may still be loading: wait for the menu (wide) or its toggle (phone)
  await menu.or(toggle).filter({ visible: true }).first().waitFor();
  if (!(await menu.isVisible())) await toggle.click();
  await menu.getByRole("link", { name: label, exact: true }).click();
}

/** The number a stat tile shows (English digits, thousands separators). */
async function tileNumber(tile: Locator): Promise<number> {
  const text = (await tile.textContent()) ?? "";
  return Number(text.replace(/[^0-9]/g, ""));
}

/**
 * shots pictures the page at 360 and 1366 px (light and dark, in English
 * and Bangla, with MODERATION_SHOTS=1), checking nothing sticks out
 * sideways; it leaves the page in English and the light theme.
 */
async function shots(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  // every language and theme with MODERATION_SHOTS=1 (sixteen pictures, for
  // looking at the pages); otherwise English and light only, to stay quick
  const all = process.env.MODERATION_SHOTS === "1";
  for (const lang of all ? (["en", "bn"] as const) : (["en"] as const)) {
    for (const theme of all ? (["light", "dark"] as const) : (["light"] as const)) {
      await page.evaluate(([l, th]) => {
        localStorage.setItem("resale:lang", l);
        localStorage.setItem("resale:theme", th);
      }, [lang, theme] as const);
      await page.reload();
      for (const size of [SMALL, WIDE]) {
        await page.setViewportSize(size);
        await ready(page);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${lang} ${theme} ${size.width}`).toBeLessThanOrEqual(size.width);
        await picture(page, `${name}-${size.width}-${theme}-${lang}.png`, { fullPage: true, animations: "disabled" });
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("resale:lang", "en");
    localStorage.setItem("resale:theme", "light");
  });
  await page.setViewportSize(WIDE);
  await page.reload();
  await ready(page);
}

// what to delete when the journey ends, however it ends
let cleanup: { productId: string; token: string } | null = null;

test.afterEach(async ({ request }) => {
  if (!cleanup) return;
  await request.delete(`${base()}/api/products/${cleanup.productId}`, { headers: { Authorization: `Bearer ${cleanup.token}` } });
  cleanup = null;
});

test("a buyer reports a laptop with a reason; the admin reads it on Overview and Reported Products, dismisses it, un-verifies the seller, and the audit log shows both", async ({ browser, request }) => {
  // on a machine other journeys share; MODERATION_SHOTS=1 adds a dozen reloads
  test.setTimeout(process.env.MODERATION_SHOTS === "1" ? 900_000 : 300_000);
  const stamp = String(Date.now()).slice(-7);
  const productName = `MacBook Moderation ${stamp}`;
  const sellerName = `Mahmud Moderation ${stamp}`;
  const sellerEmail = `moderation-seller-${stamp}@example.com`;
  const buyerEmail = `moderation-buyer-${stamp}@example.com`;
  const adminEmail = `moderation-admin-${stamp}@example.com`;

  // 1. A seller lists a laptop (signing up and Add Product are other journeys').
  const sellerToken = await signUpByApi(request, { name: sellerName, email: sellerEmail, role: "Seller" });
  const productId = await addProductByApi(request, sellerToken, { name: productName, category: "APPLE", sellPrice: 71_937 });
  cleanup = { productId, token: sellerToken };

  // 2. A buyer reports it from its card with a reason and a note.
  const buyerToken = await signUpByApi(request, { name: `Moderation Buyer ${stamp}`, email: buyerEmail, role: "Buyer" });
  const buyerContext = await signedIn(browser, buyerToken, { viewport: WIDE });
  const buyer = await buyerContext.newPage();
  await buyer.goto(base() + "/");
  await buyer.getByRole("main").getByRole("link", { name: "APPLE", exact: true }).click();
  await expect(buyer).toHaveURL(/\/categorys\/\d+$/);
  const card = buyer.getByRole("article", { name: productName });
  await card.getByRole("button", { name: "Report" }).click();
  const report = buyer.getByRole("alertdialog", { name: "Are You sure Report this Product" });
  await expect(report).toBeVisible();
  await report.getByLabel("Reason").selectOption("wrong_price");
  await report.getByLabel("A note for the admins (optional)").fill(`Priced far below its worth ${stamp}`);
  await report.getByRole("button", { name: "Report" }).click();
  await expect(buyer.getByText("Report Success")).toBeVisible();
  await expect(report).toHaveCount(0);
  await buyerContext.close();

  // 3. The admin: an account promoted from the command line (admin.spec.ts logs one in through the page).
  const adminToken = await adminByApi(request, { name: `Moderation Admin ${stamp}`, email: adminEmail });
  const adminContext = await signedIn(browser, adminToken, { viewport: WIDE });
  const admin = await adminContext.newPage();
  await admin.goto(base() + "/");

  // 4. Their dashboard lands on Overview: today's numbers count this
  // journey's laptop and report (other journeys add theirs), and five charts draw.
  await admin.getByRole("list", { name: "Primary" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(admin).toHaveURL(/\/dashboard\/overview$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const menu = admin.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link").first()).toHaveText("Overview");
  expect(await tileNumber(admin.locator('[data-stat="today-listings"]'))).toBeGreaterThanOrEqual(1);
  expect(await tileNumber(admin.locator('[data-stat="today-reports"]'))).toBeGreaterThanOrEqual(1);
  expect(await tileNumber(admin.locator('[data-stat="total-listings"]'))).toBeGreaterThanOrEqual(1);
  expect(await tileNumber(admin.locator('[data-stat="total-reported"]'))).toBeGreaterThanOrEqual(1);
  expect(await tileNumber(admin.locator('[data-stat="total-sellers"]'))).toBeGreaterThanOrEqual(1);
  await expect(admin.getByRole("figure")).toHaveCount(5);
  await expect(admin.locator("figure canvas")).toHaveCount(5);
  await expect(admin.getByRole("figure", { name: "New listings" })).toContainText("in 30 days");
  // the numbers as a table, for anyone who cannot see the canvas
  await admin.getByText("The numbers by day").click();
  await expect(admin.getByRole("table").getByRole("row")).toHaveCount(31);
  await admin.getByText("The numbers by day").click();
  await shots(admin, "overview", async (p) => {
    await expect(p.locator("figure canvas")).toHaveCount(5);
  });

  // 5. Reported Products: the count and the reason; the admin dismisses them.
  await openAdminPage(admin, "Reported Products");
  const reportedRow = admin.getByRole("row", { name: new RegExp(productName) });
  await expect(reportedRow).toContainText("1 reports");
  await expect(reportedRow.getByRole("list", { name: "Reasons" })).toContainText("Wrong price: 1");
  await reportedRow.getByText("Who reported it").click();
  await expect(reportedRow).toContainText(`Priced far below its worth ${stamp}`);
  await reportedRow.getByRole("button", { name: `Dismiss the reports of ${productName}` }).click();
  await admin.getByRole("alertdialog", { name: "Dismiss the reports of this product?" }).getByRole("button", { name: "Dismiss" }).click();
  await expect(admin.getByText("Reports dismissed")).toBeVisible();
  await expect(reportedRow).toHaveCount(0);

  // 6. All Seller: verify the seller, then take it away again.
  await openAdminPage(admin, "All Seller");
  const sellerRow = admin.getByRole("row", { name: new RegExp(sellerName) });
  await sellerRow.getByRole("button", { name: /Make Verify/ }).click();
  await admin.getByRole("alertdialog", { name: "Are you sure Verify this user" }).getByRole("button", { name: "Verify" }).click();
  await expect(sellerRow.getByText("Verifyed")).toBeVisible();
  // pictured verified, with Un-verify beside the badge
  await shots(admin, "all-seller", async (p) => {
    await expect(p.getByRole("row", { name: new RegExp(sellerName) }).getByRole("button", { name: /Un-verify|ভেরিফিকেশন তুলে নিন/ })).toBeVisible();
  });
  await sellerRow.getByRole("button", { name: `Un-verify ${sellerName}` }).click();
  const unverify = admin.getByRole("alertdialog", { name: `Take ${sellerName}'s verification away?` });
  await unverify.getByRole("button", { name: "Cancel" }).click();
  await expect(sellerRow.getByText("Verifyed")).toBeVisible();
  await sellerRow.getByRole("button", { name: `Un-verify ${sellerName}` }).click();
  await unverify.getByRole("button", { name: "Un-verify" }).click();
  await expect(admin.getByText(`${sellerName} is no longer verified`)).toBeVisible();
  await expect(sellerRow.getByRole("button", { name: /Make Verify/ })).toBeVisible();
  await expect(sellerRow.getByText("Verifyed")).toHaveCount(0);

  // 7. The audit log: the dismissal and the un-verification, by this admin.
  await openAdminPage(admin, "Audit log");
  await expect(admin.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const dismissal = admin.getByRole("row").filter({ hasText: productName }).filter({ hasText: "Dismissed the reports of a product" });
  await expect(dismissal).toHaveCount(1);
  await expect(dismissal).toContainText(`Moderation Admin ${stamp}`);
  await expect(dismissal).toContainText("1 reports");
  const unverified = admin.getByRole("row").filter({ hasText: sellerEmail }).filter({ hasText: "Took a seller's verification away" });
  await expect(unverified).toHaveCount(1);

  // 8. Overview again: the seller counts among the unverified.
  await openAdminPage(admin, "Overview");
  expect(await tileNumber(admin.locator('[data-stat="total-unverified"]'))).toBeGreaterThanOrEqual(1);
  await adminContext.close();
});

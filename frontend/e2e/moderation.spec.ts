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
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

/** openAdminPage follows the dashboard's side menu (a drawer on phones). */
async function openAdminPage(page: Page, label: string) {
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  const toggle = page.getByText("Dashboard menu");
  // after a reload the dashboard may still be loading: wait for the menu (wide) or its toggle (phone)
  await menu.or(toggle).filter({ visible: true }).first().waitFor();
  if (!(await menu.isVisible())) await toggle.click();
  const link = menu.getByRole("link", { name: label, exact: true });
  const href = await link.getAttribute("href");
  await link.click();
  // a lazy page's address changes once its code is in: until then a
  // reload (shots) reloads the page before it
  if (href) await page.waitForURL((url) => url.pathname === href);
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
async function shots(page: Page, name: string, ready: (page: Page) => Promise<void>, sizes = [SMALL, WIDE]) {
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
      for (const size of sizes) {
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
  await expect(reportedRow).toContainText("1 report");
  await expect(reportedRow).not.toContainText("1 reports");
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
  await expect(dismissal).toContainText("1 report");
  const unverified = admin.getByRole("row").filter({ hasText: sellerEmail }).filter({ hasText: "Took a seller's verification away" });
  await expect(unverified).toHaveCount(1);

  // 8. Overview again: the seller counts among the unverified.
  await openAdminPage(admin, "Overview");
  expect(await tileNumber(admin.locator('[data-stat="total-unverified"]'))).toBeGreaterThanOrEqual(1);
  await adminContext.close();
});

// #32 (walkthrough #6): the admin looks at what was reported before acting.
// From the report they open the ad (hidden or not, an admin sees it), hide
// it until it is edited with a reason, and the seller reads that reason in
// My Products and in their notifications; nobody else finds the ad. At a
// desktop's and a phone's width; MODERATION_SHOTS=1 pictures the admin's
// pages at 390 and 1366 px, light and dark, English and Bangla.
for (const size of [WIDE, SMALL]) {
  test(`at ${size.width} px the admin opens a reported ad from the report, hides it with a reason, and its seller sees the reason`, async ({ browser, request }) => {
    test.setTimeout(process.env.MODERATION_SHOTS === "1" ? 900_000 : 300_000);
    const stamp = `${size.width}${String(Date.now()).slice(-6)}`;
    const productName = `ThinkPad Hidden ${stamp}`;
    const sellerName = `Hena Hidden ${stamp}`;
    const reason = `The photos show another laptop ${stamp}`;
    const sellerToken = await signUpByApi(request, { name: sellerName, email: `hide-seller-${stamp}@example.com`, role: "Seller" });
    const productId = await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 41_000 });
    cleanup = { productId, token: sellerToken };
    const buyerToken = await signUpByApi(request, { name: `Hide Buyer ${stamp}`, email: `hide-buyer-${stamp}@example.com`, role: "Buyer" });
    const reported = await request.put(`${base()}/api/products/report/${productId}`, {
      headers: { Authorization: `Bearer ${buyerToken}` },
      data: { reason: "fake", note: `Photos from the web ${stamp}` },
    });
    expect(reported.status()).toBe(200);

    const adminToken = await adminByApi(request, { name: `Hide Admin ${stamp}`, email: `hide-admin-${stamp}@example.com` });
    const adminContext = await signedIn(browser, adminToken, { viewport: size });
    const admin = await adminContext.newPage();
    await admin.goto(base() + "/dashboard/repotedproducts");
    const row = admin.getByRole("row").filter({ hasText: productName });
    // the dashboard's first load on a busy machine may take a while
    await expect(row).toContainText("Fake or misleading: 1", { timeout: 30_000 });

    // the name opens the ad; the seller's name their page
    await expect(row.getByRole("link", { name: `${sellerName}'s seller page` })).toHaveAttribute("href", /\/seller\/\d+$/);
    await row.getByRole("link", { name: productName }).click();
    await expect(admin).toHaveURL(new RegExp(`/product/${productId}$`));
    await expect(admin.getByRole("heading", { level: 1, name: productName })).toBeVisible();
    await admin.goBack();

    // hide it with a reason; a dialog without one says why it waits
    await row.getByRole("button", { name: `Hide ${productName} until it is edited` }).click();
    const dialog = admin.getByRole("alertdialog", { name: "Hide this listing until it is edited?" });
    await dialog.getByRole("button", { name: "Hide listing" }).click();
    await expect(dialog.getByText("Say why: the person reads it")).toBeVisible();
    await dialog.getByLabel("Reason for the seller").fill(reason);
    await dialog.getByRole("button", { name: "Hide listing" }).click();
    await expect(admin.getByText("Listing hidden until the seller edits it")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText("Hidden until edited")).toBeVisible();
    await expect(row.getByRole("button", { name: `Hide ${productName} until it is edited` })).toBeDisabled();
    // the admin still opens the hidden ad; a visitor does not find it
    await row.getByRole("link", { name: productName }).click();
    await expect(admin.getByRole("heading", { level: 1, name: productName })).toBeVisible();
    expect((await request.get(`${base()}/api/products/${productId}`)).status()).toBe(404);
    await admin.goBack();
    if (size === WIDE) {
      await shots(admin, "reported-hidden", async (p) => {
        await expect(p.getByRole("row").filter({ hasText: productName })).toBeVisible({ timeout: 30_000 });
      }, [PHONE, WIDE]);
      for (const [label, name, ready] of [
        ["Categories", "categories", (p: Page) => expect(p.getByRole("button", { name: /^Delete HP: / })).toBeDisabled()],
        ["All Users", "all-users", (p: Page) => expect(p.getByRole("row").filter({ hasText: sellerName })).toBeVisible({ timeout: 30_000 })],
        ["Leads", "leads", (p: Page) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
        ["Audit log", "audit", (p: Page) => expect(p.getByRole("row").filter({ hasText: productName }).first()).toBeVisible()],
      ] as const) {
        await openAdminPage(admin, label);
        await shots(admin, name, async (p) => ready(p), [PHONE, WIDE]);
      }
      // the suspend dialog, pictured open
      await openAdminPage(admin, "All Users");
      await admin.getByRole("row").filter({ hasText: sellerName }).getByRole("button", { name: `Suspend ${sellerName}` }).click();
      await expect(admin.getByRole("alertdialog", { name: `Suspend ${sellerName}?` })).toBeVisible();
      await picture(admin, "suspend-dialog-1366-light-en.png", { animations: "disabled" });
      await admin.setViewportSize(PHONE);
      await picture(admin, "suspend-dialog-390-light-en.png", { animations: "disabled" });
      await admin.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
      await admin.setViewportSize(size);
    }
    // the audit log keeps the reason
    await openAdminPage(admin, "Audit log");
    const entry = admin.getByRole("row").filter({ hasText: productName }).filter({ hasText: "Hid a listing until it is edited" });
    await expect(entry).toContainText(reason);
    await adminContext.close();

    // the seller sees it hidden, with the reason, in My Products and in the notification
    const sellerContext = await signedIn(browser, sellerToken, { viewport: size });
    const seller = await sellerContext.newPage();
    await seller.goto(base() + "/dashboard/myproducts");
    const mine = seller.getByRole("row").filter({ hasText: productName.slice(0, 20) });
    await expect(mine.getByText("Hidden by an admin")).toBeVisible({ timeout: 30_000 });
    await expect(mine).toContainText(`Reason: ${reason}`);
    await expect(mine).toContainText("Edit the listing and it is back in the shop at once.");
    if (size === WIDE) {
      await shots(seller, "my-products-hidden", async (p) => {
        await expect(p.getByRole("row").filter({ hasText: productName.slice(0, 20) })).toBeVisible({ timeout: 30_000 });
      }, [PHONE, WIDE]);
    }
    await seller.goto(base() + "/notifications");
    await expect(seller.getByText(`Listing hidden: ${productName}`)).toBeVisible();
    await expect(seller.getByText(reason, { exact: false })).toBeVisible();
    await sellerContext.close();
  });
}

// Paying online through SSLCommerz (#34), against the real binary and the
// SSLCommerz stand-in (FAKE_SSLCOMMERZ_BIN, payments/sslcommerztest): on a
// 360 px phone a buyer books choosing "bKash, Nagad or card", goes from My
// Booking to the gateway's page, picks bKash and pays; the gateway sends
// the browser back, the shop validates the payment with the gateway and
// My Booking says it was received; the receipt is in the notifications.
// Another buyer cancels on the gateway's page, is told so, and pays on a
// second try with Nagad.
import { expect, test, type Browser, type APIRequestContext, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, adminByApi, base, picture, settle, signedIn, signUpByApi } from "./helpers";

const PHONE_360 = { width: 360, height: 740 };

/** gateway is the stand-in's address: the buyer's browser leaves the shop for it. */
function gateway(): string {
  const url = process.env.FAKE_SSLCOMMERZ_URL;
  if (!url) throw new Error("FAKE_SSLCOMMERZ_URL is not set (global-setup.ts starts the SSLCommerz stand-in)");
  return url;
}

/** onlineBuyer lists a laptop and signs a buyer in on a 360 px phone. */
async function onlineBuyer(browser: Browser, request: APIRequestContext, tag: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const productName = `HP EliteBook ${stamp.slice(-6)} ${tag}`;
  const sellerName = `Sadia Seller ${stamp.slice(-6)}`;
  const sellerToken = await signUpByApi(request, { name: sellerName, email: `ssl-seller-${stamp}@example.com`, role: "Seller" });
  const productId = await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 39500 });
  const buyerToken = await signUpByApi(request, { name: "Rafi Buyer", email: `ssl-buyer-${stamp}@example.com`, role: "Buyer" });
  const context = await signedIn(browser, buyerToken, { viewport: PHONE_360, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  return { productName, productId, sellerName, sellerToken, page: await context.newPage() };
}

/** bookOnline books the laptop from its page, choosing to pay online. */
async function bookOnline(page: Page, productId: string, productName: string) {
  await page.goto(`${base()}/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  // on a phone Book Now is in the bar at the bottom (#37)
  await page.getByRole("region", { name: "Call, chat or book" }).getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${productName}` });
  await dialog.getByRole("group", { name: "How will you pay?" }).getByRole("radio", { name: "bKash, Nagad or card" }).check();
  await dialog.getByLabel("Contact Number").fill("01712345678");
  await dialog.getByLabel("Meeting Location").fill("Dhanmondi 27, Dhaka");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Book Success")).toBeVisible();
}

/** toGateway opens My Booking and presses Pay online: the browser is on the gateway's page. */
async function toGateway(page: Page, productName: string) {
  await page.goto(base() + "/dashboard/mybooking");
  const row = page.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row.getByTestId("booking-method")).toHaveText(/^Pay online: bKash, Nagad or card/);
  await row.getByRole("button", { name: `Pay online for ${productName}` }).click();
  await page.waitForURL((url) => url.href.startsWith(gateway() + "/EasyCheckOut/"));
  await expect(page.locator("#amount")).toHaveText("Tk 39500.00");
}

/** payWith pays on the gateway's page with one of its methods and comes back to My Booking, paid. */
async function payWith(page: Page, method: "bKash" | "Nagad", productName: string) {
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/dashboard\/mybooking\?/);
  await expect(page.getByTestId("payment-outcome")).toContainText(`Payment received for ${productName}.`);
}

test("pays with bKash through SSLCommerz and sees the receipt", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { productName, productId, page } = await onlineBuyer(browser, request, "bkash");
  await bookOnline(page, productId, productName);
  await toGateway(page, productName);

  await page.getByRole("radio", { name: "bKash" }).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/dashboard\/mybooking\?/);
  expect(new URL(page.url()).searchParams.get("payment")).toBe("paid");
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toContainText(`Payment received for ${productName}.`);
  const row = page.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row.getByTestId("paid-with")).toHaveText("bKash, Nagad or card");
  await expect(row.getByRole("button", { name: /^Pay online/ })).toHaveCount(0);
  await checkA11y(page, "My Booking back from the gateway, paid");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await settle(page);
    await picture(page, `sslcommerz-paid-360-${scheme}.png`, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(base() + "/notifications");
  const receipt = page.getByRole("listitem").filter({ hasText: `Receipt: ${productName}` });
  await expect(receipt).toContainText("You paid 39,500 Tk for");
  await expect(receipt).toContainText("online through SSLCommerz");
  await page.context().close();
});

test("cancels at the gateway and pays on a second try", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { productName, productId, page } = await onlineBuyer(browser, request, "retry");
  await bookOnline(page, productId, productName);
  await toGateway(page, productName);

  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/\/dashboard\/mybooking\?/);
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toContainText(`You cancelled the payment for ${productName}.`);
  let row = page.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row.getByTestId("paid-with")).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Pay online for ${productName}` })).toBeVisible();
  await settle(page);
  await picture(page, "sslcommerz-cancelled-360-light.png", { fullPage: true });
  await outcome.getByRole("button", { name: "Close" }).click();
  await expect(outcome).toHaveCount(0);
  expect(new URL(page.url()).search).toBe("");

  await toGateway(page, productName);
  await page.getByRole("radio", { name: "Nagad" }).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/dashboard\/mybooking\?/);
  await expect(page.getByTestId("payment-outcome")).toContainText(`Payment received for ${productName}.`);
  row = page.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row.getByTestId("paid-with")).toHaveText("bKash, Nagad or card");
  await page.context().close();
});

// The money after an online payment: the seller's Balance says the shop
// owes them the price; the admin reads it on the seller's ledger, records
// a bKash payout, and the seller's Balance and the audit log follow.
test("the shop pays a seller out of the ledger", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { productName, productId, sellerName, sellerToken, page } = await onlineBuyer(browser, request, "payout");
  await bookOnline(page, productId, productName);
  await toGateway(page, productName);
  await payWith(page, "bKash", productName);
  await page.context().close();

  const sellerContext = await signedIn(browser, sellerToken, { viewport: PHONE_360, isMobile: true, hasTouch: true });
  const seller = await sellerContext.newPage();
  await seller.goto(base() + "/dashboard/balance");
  await expect(seller.getByRole("heading", { name: "Balance" })).toBeVisible();
  await expect(seller.locator('[data-stat="owed"]')).toHaveText("39,500 Tk");

  const stamp = `${Date.now()}`;
  const adminToken = await adminByApi(request, { name: `Ayesha Admin ${stamp}`, email: `ledger-admin-${stamp}@example.com` });
  const adminContext = await signedIn(browser, adminToken, { viewport: { width: 1366, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto(base() + "/dashboard/ledger");
  await expect(admin.getByRole("heading", { name: "Ledger" })).toBeVisible();
  await admin.getByRole("button", { name: sellerName }).first().click();
  await expect(admin.getByRole("heading", { name: `Ledger of ${sellerName}` })).toBeVisible();
  await expect(admin.getByLabel("Balance")).toContainText("The shop owes them: 39,500 Tk");
  await admin.getByRole("button", { name: "Record payout" }).click();
  const dialog = admin.getByRole("dialog", { name: "Record payout" });
  await expect(dialog).toContainText("The shop owes them 39,500 Tk now");
  await dialog.getByLabel("Amount (Tk)").fill("39500");
  await dialog.getByLabel("Paid by").selectOption("bkash");
  await dialog.getByLabel("Number or reference").fill("01711223344");
  await dialog.getByRole("button", { name: "Record payout" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByLabel("Balance")).toContainText("The shop owes them: 0 Tk");
  await expect(admin.getByRole("row").filter({ hasText: "01711223344" })).toContainText("-39,500 Tk");
  await settle(admin);
  await picture(admin, "ledger-payout-1366-light.png", { fullPage: true });

  await admin.goto(base() + "/dashboard/audit");
  await expect(admin.getByRole("row").filter({ hasText: "Recorded a payout" }).filter({ hasText: sellerName })).toContainText(
    "39,500 Tk by bKash, reference 01711223344",
  );
  await adminContext.close();

  await seller.reload();
  await expect(seller.locator('[data-stat="paidOut"]')).toHaveText("39,500 Tk");
  await expect(seller.locator('[data-stat="owed"]')).toHaveText("0 Tk");
  await settle(seller);
  await picture(seller, "balance-paid-out-360-light.png", { fullPage: true });
  await sellerContext.close();
});

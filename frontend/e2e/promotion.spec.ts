// Paid promotion (#34): a shop that charges to advertise (ADVERTISE_PRICE).
// The run's shared server keeps advertising free, as the spec has it, so
// this journey starts a second instance of the binary on the same
// database and data folder (the secrets are shared: the same accounts sign
// in), with ADVERTISE_PRICE=500 and the same payment stand-ins. A seller
// presses Advertise on My Products, sees the price and the ways to pay,
// pays with bKash on the SSLCommerz stand-in's page, comes back to My
// Products told the payment was received, and the laptop is Advertised
// and under Urgent Sell; the admin's Ledger shows the promotion row.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { expect, test, type Browser, type BrowserContextOptions } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, adminByApi, picture, settle, signUpByApi } from "./helpers";

const PHONE_360 = { width: 360, height: 740 };

let shop = "";
let server: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  shop = `http://127.0.0.1:${port}`;
  // the shared server's settings, push and SMS included: the two share
  // one job queue, so this one works the others' jobs too and must send
  // them as the shared server would (a push taken here once went nowhere)
  const env = {
    ...process.env,
    ...(JSON.parse(process.env.E2E_SHOP_ENV ?? "{}") as Record<string, string>),
    ADDR: `127.0.0.1:${port}`,
    PUBLIC_URL: shop,
    ADVERTISE_PRICE: "500",
  };
  const proc = spawn(process.env.RESALE_BIN!, ["serve"], { env, stdio: ["ignore", "ignore", "pipe"] });
  server = proc;
  let log = "";
  proc.stderr?.on("data", (b: Buffer) => (log += b.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the paid-advertising shop exited (${proc.exitCode}):\n${log}`);
    const ok = await fetch(shop + "/api/health").then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the paid-advertising shop did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
});

/** at opens a browser on the paid-advertising shop, signed in with token. */
function at(browser: Browser, token: string, options: BrowserContextOptions = {}) {
  return browser.newContext({ ...options, storageState: { cookies: [], origins: [{ origin: shop, localStorage: [{ name: "accessToken", value: token }] }] } });
}

test("a seller pays for Advertise through SSLCommerz and the ledger shows it", async ({ browser, request }) => {
  test.setTimeout(180_000); // 54 s on a quiet run
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const sellerName = `Promo Seller ${stamp.slice(-6)}`;
  const productName = `HP ProBook ${stamp.slice(-6)} promo`;
  const sellerToken = await signUpByApi(request, { name: sellerName, email: `promo-seller-${stamp}@example.com`, role: "Seller" });
  await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 41000 });

  const context = await at(browser, sellerToken, { viewport: PHONE_360, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(shop + "/dashboard/myproducts");
  const row = page.getByRole("row", { name: new RegExp(productName) }).first();
  await row.getByRole("button", { name: `Advertise ${productName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Advertise ${productName}` });
  await expect(dialog).toContainText("Advertising costs 500 Tk.");
  await expect(dialog.getByRole("radio", { name: "Card", exact: true })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "bKash, Nagad or card" })).toBeChecked();
  await checkA11y(page, "the paid Advertise dialog");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await picture(page, `promotion-dialog-360-${scheme}.png`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Pay 500 Tk online" }).click();

  const gateway = process.env.FAKE_SSLCOMMERZ_URL!;
  await page.waitForURL((url) => url.href.startsWith(gateway + "/EasyCheckOut/"));
  await expect(page.locator("#amount")).toHaveText("Tk 500.00");
  await page.getByRole("radio", { name: "bKash" }).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await page.waitForURL(/\/dashboard\/myproducts\?/);
  expect(new URL(page.url()).searchParams.get("promotion")).toBe("paid");
  await expect(page.getByTestId("promotion-outcome")).toContainText("Payment received: your laptop is advertised under Urgent Sell.");
  await expect(page.getByRole("row", { name: new RegExp(productName) }).first().getByText("Advertised")).toBeVisible();
  await checkA11y(page, "My Products back from the gateway, advertised");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await settle(page);
    await picture(page, `promotion-paid-360-${scheme}.png`, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(shop + "/");
  await expect(page.getByRole("region", { name: "Urgent Sell" }).getByRole("article", { name: productName })).toBeVisible();
  await context.close();

  // in Bangla, on a wide screen: the outcome, and the dialog for another laptop
  const other = `HP EliteBook ${stamp.slice(-6)} promo`;
  await addProductByApi(request, sellerToken, { name: other, category: "HP", sellPrice: 52000 });
  const bangla = await at(browser, sellerToken, { viewport: { width: 1366, height: 900 }, locale: "bn-BD" });
  const bn = await bangla.newPage();
  await bn.goto(shop + "/dashboard/myproducts?promotion=paid");
  await expect(bn.getByTestId("promotion-outcome")).toContainText("পেমেন্ট পাওয়া গেছে");
  await bn.getByRole("row", { name: new RegExp(other) }).first().getByRole("button", { name: `${other}-এর বিজ্ঞাপন দিন` }).click();
  const bnDialog = bn.getByRole("dialog", { name: `${other}-এর বিজ্ঞাপন দিন` });
  await expect(bnDialog).toContainText("বিজ্ঞাপনের খরচ ৳৫০০");
  await checkA11y(bn, "the paid Advertise dialog in Bangla");
  for (const scheme of ["light", "dark"] as const) {
    await bn.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await picture(bn, `promotion-dialog-1366-bn-${scheme}.png`);
  }
  await bangla.close();

  const adminToken = await adminByApi(request, { name: "Ledger Admin", email: `promo-admin-${stamp}@example.com` });
  const admin = await at(browser, adminToken, { viewport: { width: 1366, height: 900 } });
  const adminPage = await admin.newPage();
  await adminPage.goto(shop + "/dashboard/ledger");
  const ledgerRow = adminPage.getByRole("row").filter({ hasText: sellerName }).filter({ hasText: "Promotion" });
  await expect(ledgerRow).toHaveCount(1);
  await expect(ledgerRow).toContainText("+500 Tk");
  await expect(ledgerRow).toContainText(/sslp_/);
  await settle(adminPage);
  await picture(adminPage, "promotion-ledger-1366-light.png", { fullPage: true });
  await admin.close();
});

// The seller's side of a sale, against the real binary: two buyers book one
// laptop, the seller sees both leads and accepts one, the other is declined,
// and the hand-over code completes the sale: typed (a wrong code first), or
// read from the buyer's QR by the page through the phone's camera.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { fakeCameraArgs, qrVideo } from "./fake-camera";
import { addProductByApi, atPhoneWidth, base, settle, signedIn, signUpByApi, picture } from "./helpers";

const WIDE = { width: 1366, height: 900 };

/** book books the laptop from its brand's page, as a buyer does. */
async function book(page: Page, brand: string, productName: string, place: string) {
  await page.goto(base() + "/");
  await page.getByRole("main").getByRole("link", { name: brand, exact: true }).click();
  await expect(page).toHaveURL(/\/categorys\/\d+$/);
  await page.getByRole("article", { name: productName }).getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${productName}` });
  await dialog.getByLabel("Contact Number").fill("01812345678");
  await dialog.getByLabel("Meeting Location").fill(place);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Book Success")).toBeVisible();
}

/** myBookingRow opens My Booking and answers the laptop's row. */
async function myBookingRow(page: Page, productName: string) {
  await page.goto(base() + "/dashboard/mybooking");
  await expect(page.getByRole("heading", { name: "My Booking" })).toBeVisible();
  // the first: an accepted booking's code sits in a row of its own below
  return page.getByRole("row", { name: new RegExp(productName) }).first();
}

/** wide screenshots the page at 1366 px from its top. */
async function wide(page: Page, file: string) {
  await page.setViewportSize(WIDE);
  await settle(page);
  await picture(page, file, { fullPage: true });
}

/** seller, buyerA and buyerB: a laptop listed by the first and booked by the other two. */
async function twoBuyersBookOneLaptop(browser: Browser, api: APIRequestContext, tag: string) {
  const stamp = `${tag}-${Date.now()}`;
  const productName = `HP EliteBook ${stamp.slice(-6)} ${tag}`;
  // signing up and Add Product are other journeys': here through the API
  const sellerToken = await signUpByApi(api, { name: "Sadia Seller", email: `lead-seller-${stamp}@example.com`, role: "Seller" });
  await addProductByApi(api, sellerToken, { name: productName, category: "HP", sellPrice: 42000 });
  const tokenA = await signUpByApi(api, { name: "Anika Buyer", email: `lead-a-${stamp}@example.com`, role: "Buyer" });
  const tokenB = await signUpByApi(api, { name: "Bashir Buyer", email: `lead-b-${stamp}@example.com`, role: "Buyer" });
  const open = async (token: string) => (await signedIn(browser, token, { viewport: WIDE })).newPage();
  const [seller, buyerA, buyerB] = await Promise.all([open(sellerToken), open(tokenA), open(tokenB)]);
  await book(buyerA, "HP", productName, "Farmgate, Dhaka");
  await book(buyerB, "HP", productName, "Mirpur 10, Dhaka");
  return { seller, buyerA, buyerB, productName };
}

test("two buyers book one laptop; the seller accepts one and completes the sale with the buyer's code", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { seller, buyerA, buyerB, productName } = await twoBuyersBookOneLaptop(browser, request, "typed");

  // 1. The seller's menu counts two new leads; Leads lists both, newest first, with a way to call each.
  await seller.goto(base() + "/dashboard");
  const leadsLink = seller.getByRole("link", { name: "Leads" });
  await expect(leadsLink).toHaveAccessibleDescription("2 waiting");
  await leadsLink.click();
  await expect(seller).toHaveURL(/\/dashboard\/leads$/);
  await expect(seller.getByRole("heading", { name: "Leads" })).toBeVisible();
  const rowA = seller.getByRole("row", { name: /Anika Buyer/ });
  const rowB = seller.getByRole("row", { name: /Bashir Buyer/ });
  await expect(rowA).toContainText(productName);
  await expect(rowA).toContainText("Farmgate, Dhaka");
  await expect(rowB).toContainText("Mirpur 10, Dhaka");
  await expect(rowA).toContainText("New");
  const rows = seller.getByRole("row", { name: /@example\.com/ });
  await expect(rows.first()).toContainText("Bashir Buyer"); // newest first
  await expect(rowA.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+?[0-9]+$/);
  await expect(rowA.getByRole("link", { name: /^WhatsApp / })).toHaveAttribute("href", /^https:\/\/wa\.me\/8801812345678/);
  await atPhoneWidth(seller, "leads-new-phone.png");
  await wide(seller, "leads-new-desktop.png");

  // 2. The seller accepts A: the laptop is reserved for A, B is declined.
  await rowA.getByRole("button", { name: /^Accept the booking of/ }).click();
  await seller.getByRole("alertdialog", { name: "Accept this booking?" }).getByRole("button", { name: "Accept" }).click();
  await expect(rowA).toContainText("Accepted");
  await expect(rowB).toContainText("Declined");
  await expect(leadsLink).not.toHaveAccessibleDescription(/waiting/);

  // 3. B is told and sees Declined, with why; the laptop says Booked to B.
  const declined = await myBookingRow(buyerB, productName);
  await expect(declined).toContainText("Declined");
  await expect(declined).toContainText("The seller reserved it for another buyer");
  await atPhoneWidth(buyerB, "my-booking-declined-phone.png");
  await buyerB.goto(base() + "/notifications");
  await expect(buyerB.getByText(`Booking declined: ${productName}`)).toBeVisible();

  // 4. A sees the hand-over code and its QR.
  const accepted = await myBookingRow(buyerA, productName);
  await expect(accepted).toContainText("Accepted");
  const codeBox = buyerA.getByRole("region", { name: `Hand-over code for ${productName}` });
  await expect(codeBox).toBeVisible();
  await expect(codeBox.getByRole("img", { name: /QR code/ })).toBeVisible();
  const code = (await codeBox.locator(".font-mono").innerText()).replace(/\D/g, "");
  expect(code).toMatch(/^[0-9]{6}$/);
  await atPhoneWidth(buyerA, "my-booking-code-phone.png");
  await wide(buyerA, "my-booking-code-desktop.png");

  // 5. At the meeting the seller types a wrong code, then the right one.
  await rowA.getByRole("button", { name: /^Confirm the hand-over of/ }).click();
  const dialog = seller.getByRole("dialog", { name: "Confirm hand-over" });
  const wrong = code === "000000" ? "111111" : "000000";
  await dialog.getByLabel("Hand-over code").fill(wrong);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(dialog.getByText("That code is not right. Check it with the buyer and try again.")).toBeVisible();
  await atPhoneWidth(seller, "handover-wrong-code-phone.png");
  await dialog.getByLabel("Hand-over code").fill(code);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(seller.getByText(`Hand-over confirmed: ${productName} is sold.`)).toBeVisible();
  await expect(rowA).toContainText("Completed");

  // 6. The laptop is gone from its brand's page; A's booking says completed.
  await buyerB.goto(base() + "/");
  await buyerB.getByRole("main").getByRole("link", { name: "HP", exact: true }).click();
  await expect(buyerB.getByRole("navigation", { name: "All categories" })).toBeVisible();
  await expect(buyerB.getByRole("article", { name: productName })).toHaveCount(0);
  const done = await myBookingRow(buyerA, productName);
  await expect(done).toContainText("Completed");
  await expect(buyerA.getByRole("region", { name: `Hand-over code for ${productName}` })).toHaveCount(0);
  await buyerA.goto(base() + "/notifications");
  await expect(buyerA.getByText(`Sale completed: ${productName}`)).toBeVisible();

  for (const p of [seller, buyerA, buyerB]) await p.context().close();
});

test("the seller scans the buyer's QR with the phone's camera through the page", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { seller, buyerA, buyerB, productName } = await twoBuyersBookOneLaptop(browser, request, "scan");
  await seller.goto(base() + "/dashboard/leads");
  const rowA = seller.getByRole("row", { name: /Anika Buyer/ });
  await rowA.getByRole("button", { name: /^Accept the booking of/ }).click();
  await seller.getByRole("alertdialog", { name: "Accept this booking?" }).getByRole("button", { name: "Accept" }).click();
  await expect(rowA).toContainText("Accepted");

  // what the buyer's QR holds, from the buyer's own view of the booking
  await myBookingRow(buyerA, productName);
  const handoverUrl = await buyerA.evaluate(async (name) => {
    const token = localStorage.getItem("accessToken");
    const me = (await (await fetch("/api/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { email: string };
    const list = (await (await fetch(`/api/bookings?email=${encodeURIComponent(me.email)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      productName: string;
      handoverUrl?: string;
    }[];
    return list.find((b) => b.productName === name)?.handoverUrl ?? "";
  }, productName);
  expect(handoverUrl).toMatch(/\/dashboard\/leads\?.*code=[0-9]{6}/);

  // the seller's phone: a browser whose camera films that QR
  const dir = mkdtempSync(join(tmpdir(), "resale-qr-"));
  const video = join(dir, "qr.y4m");
  qrVideo(video, handoverUrl);
  const phone = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", ...fakeCameraArgs(video)],
  });
  const token = await seller.evaluate(() => localStorage.getItem("accessToken"));
  const phoneContext = await phone.newContext({ viewport: { width: 390, height: 844 }, permissions: ["camera"] });
  await phoneContext.addInitScript((t) => localStorage.setItem("accessToken", t ?? ""), token);
  const sellerPhone = await phoneContext.newPage();
  await sellerPhone.goto(base() + "/dashboard/leads");
  await sellerPhone.getByRole("row", { name: /Anika Buyer/ }).getByRole("button", { name: /^Confirm the hand-over of/ }).click();
  const dialog = sellerPhone.getByRole("dialog", { name: "Confirm hand-over" });
  await dialog.getByRole("button", { name: "Scan QR" }).click();
  // decoding the fake camera's frames is slow while other browsers share the machine
  await expect(dialog.getByText("Code read from the QR. Press Confirm to finish.")).toBeVisible({ timeout: 45_000 });
  await expect(dialog.getByLabel("Hand-over code")).toHaveValue(new URL(handoverUrl).searchParams.get("code")!);
  await picture(sellerPhone, "handover-scanned-phone.png");
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(sellerPhone.getByText(`Hand-over confirmed: ${productName} is sold.`)).toBeVisible();
  await expect(sellerPhone.getByRole("row", { name: /Anika Buyer/ })).toContainText("Completed");

  await phone.close();
  for (const p of [seller, buyerA, buyerB]) await p.context().close();
});

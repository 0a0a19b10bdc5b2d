// Journeys through real email: the shop (mail-server.ts) sends SMTP to the
// in-test mail server, and each journey follows the link from the email it
// caught, as the owner of the inbox would.
import { expect, test, type Page } from "@playwright/test";
import { logOut } from "./helpers";
import { startMailShop, type CaughtMail, type MailShop } from "./mail-server";
import { laptopPng } from "./png";
import { picture } from "./helpers";

test.describe.configure({ mode: "serial" });

let shop: MailShop;
test.beforeAll(async () => {
  test.setTimeout(60_000);
  shop = await startMailShop();
});
test.afterAll(async () => {
  await shop?.stop();
});

const PASSWORD = "journey-password-1";
const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** waitForMail waits for an email to `to` whose text has a link matching `link`, and answers that link. */
async function waitForLink(to: string, link: RegExp, timeout = 20_000): Promise<{ mail: CaughtMail; url: string }> {
  let found: { mail: CaughtMail; url: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await shop.mailTo(to)) {
          const url = mail.links.find((l) => link.test(l));
          if (url) found = { mail, url };
        }
        return found !== undefined;
      },
      { timeout, message: `an email to ${to} with a link like ${link}` },
    )
    .toBe(true);
  return found!;
}

/** signUpByApi makes an account without the page (the journeys are about what follows). */
async function signUpByApi(page: Page, who: { name: string; email: string; role: "Buyer" | "Seller" }) {
  const res = await page.request.post(shop.url + "/api/auth/signup", {
    headers: { Origin: shop.url },
    multipart: {
      userName: who.name,
      email: who.email,
      password: PASSWORD,
      role: who.role,
      image: { name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [180, 83, 9]) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(shop.url + "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}

/** verifyByMail opens the verification link of the welcome email, signed in as its account, and confirms it. */
async function verifyByMail(page: Page, email: string) {
  const { url } = await waitForLink(email, /\/verify-email\?token=/);
  await page.goto(url);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
}

test("forgot password: the emailed link sets a new password and signs in; the new password logs in", async ({ page }) => {
  test.setTimeout(300_000); // eight pictures of the used link besides the mail round trip
  const email = unique("forgot");
  await signUpByApi(page, { name: "Forgetful Buyer", email, role: "Buyer" });

  await page.goto(shop.url + "/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();

  const { url } = await waitForLink(email, /\/reset-password\?token=/);
  expect(new URL(url).origin).toBe(shop.url);
  await page.goto(url);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password-9");
  await page.getByLabel("New password again").fill("a-brand-new-password-9");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  // The link worked once: opened again, it says so on arrival, before anyone types (#32).
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  for (const lang of ["en", "bn"] as const) {
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate(([l, th]) => {
        localStorage.setItem("resale:lang", l);
        localStorage.setItem("resale:theme", th);
      }, [lang, theme]);
      await page.reload();
      await expect(page.getByRole("link", { name: /Ask for a new link|নতুন লিংক চান/ })).toBeVisible();
      for (const width of [360, 1366]) {
        await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
        await picture(page, `reset-link-used-${width}-${theme}-${lang}.png`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("resale:lang", "en");
    localStorage.removeItem("resale:theme");
  });
  await page.reload();

  await logOut(page);
  await logIn(page, email, "a-brand-new-password-9");
});

test("sign up, then verify from the email: the banner goes", async ({ page }) => {
  const email = unique("verify");
  await page.goto(shop.url + "/signup");
  await page.getByLabel("Name").fill("Verifying Buyer");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [180, 83, 9]) });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Account Type").selectOption("Buyer");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/home$/);
  const banner = page.getByText(`Please verify your email: open the link we sent to ${email}.`);
  await expect(banner).toBeVisible();

  await verifyByMail(page, email);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test("verified in another tab (as from a mail app), the first tab's banner goes without a reload", async ({ browser }) => {
  const email = unique("twotabs");
  const context = await browser.newContext();
  const first = await context.newPage();
  await signUpByApi(first, { name: "Two Tabs Buyer", email, role: "Buyer" });
  await logIn(first, email);
  const banner = first.getByText(`Please verify your email: open the link we sent to ${email}.`);
  await expect(banner).toBeVisible();

  // the mail app opens the link in a new tab of the same browser
  const second = await context.newPage();
  await verifyByMail(second, email);
  // the first tab was never reloaded nor focused: the second told it
  await expect(banner).toHaveCount(0);
  await context.close();
});

test("the welcome link opened signed out (another device) asks for the password and keeps it", async ({ page }) => {
  const email = unique("device");
  await signUpByApi(page, { name: "Second Device Buyer", email, role: "Buyer" });
  const { url } = await waitForLink(email, /\/verify-email\?token=/);

  // a link opened by a scanner or a preview: nothing is sent
  await page.goto(url);
  await expect(page.getByRole("button", { name: "Confirm my email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("heading", { name: "Is this your account?" })).toBeVisible();
  await expect(page.getByText(`This link is for ${email}.`, { exact: false })).toBeVisible();
  await page.getByLabel("Password of this account").fill(PASSWORD);
  await page.getByRole("button", { name: "Verify with this password" }).click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  // the password chosen at sign-up still logs in
  await logOut(page);
  await logIn(page, email);
});

test("a booking: the seller's bell shows it, their inbox has it with the buyer's phone, and its unsubscribe link turns that email off", async ({ browser }) => {
  // two sign-ups verified by email, a listing and a booking: 46 s on a quiet run
  test.setTimeout(150_000);
  const sellerEmail = unique("seller");
  const buyerEmail = unique("buyer");
  const productName = `Mail Journey MacBook ${Date.now()}`;

  const seller = await browser.newPage();
  await signUpByApi(seller, { name: "Mail Seller", email: sellerEmail, role: "Seller" });
  await logIn(seller, sellerEmail);
  await verifyByMail(seller, sellerEmail);
  await seller.goto(shop.url + "/dashboard/addproduct");
  await seller.getByLabel("Product Name").fill(productName);
  await seller.getByLabel("Photo").setInputFiles({ name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) });
  await seller.getByLabel("Category").selectOption("APPLE");
  await seller.getByLabel("Condition").selectOption("good");
  await seller.getByLabel("Years of Use").fill("1");
  await seller.getByLabel("Sell Price").fill("50000");
  await seller.getByLabel("Original Price").fill("100000");
  await seller.getByLabel("Phone Number").fill("01712345678");
  await seller.getByLabel("Location").fill("Uttara, Dhaka");
  await seller.getByLabel(/^Description/).fill("Lightly used, with its charger and box.");
  await seller.getByRole("button", { name: "Submit" }).click();
  await expect(seller).toHaveURL(/\/dashboard\/myproducts$/);
  await expect(seller.getByRole("link", { name: "Notifications" })).toBeVisible();

  const buyer = await browser.newPage();
  await signUpByApi(buyer, { name: "Mail Buyer", email: buyerEmail, role: "Buyer" });
  await logIn(buyer, buyerEmail);
  await verifyByMail(buyer, buyerEmail);
  await buyer.goto(shop.url + "/");
  await buyer.getByRole("main").getByRole("link", { name: "APPLE", exact: true }).click();
  await buyer.getByRole("article", { name: productName }).getByRole("button", { name: "Book Now" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await dialog.getByLabel("Contact Number").fill("01812345678");
  await dialog.getByLabel("Meeting Location").fill("Bashundhara City, Dhaka");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog).toHaveCount(0);

  // The seller's bell counts it without a reload (focus asks again at once).
  await seller.bringToFront();
  await seller.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(seller.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible({ timeout: 40_000 });

  const { mail, url: unsubscribe } = await waitForLink(sellerEmail, /\/unsubscribe\?token=/);
  expect(mail.subject).toContain(productName);
  expect(mail.text).toContain("01812345678");

  // The list: opening it marks it read and goes to the seller's leads.
  await seller.getByRole("link", { name: "Notifications, 1 unread" }).click();
  await seller.getByRole("button", { name: new RegExp(`New booking: ${productName}`) }).click();
  await expect(seller).toHaveURL(/\/dashboard\/leads$/);
  await expect(seller.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  // The email's unsubscribe link: a page with a button, then the switch is off.
  await seller.goto(unsubscribe);
  await seller.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(seller.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await seller.goto(shop.url + "/settings/notifications");
  await expect(seller.getByRole("checkbox", { name: "Someone books my laptop" })).not.toBeChecked();
  await expect(seller.getByRole("checkbox", { name: "A buyer pays for my laptop" })).toBeChecked();
});

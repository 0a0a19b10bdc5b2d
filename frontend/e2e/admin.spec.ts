// The admin's journey against the real binary: a seller lists a laptop, a
// buyer reports it, an account promoted with `resale admin grant` verifies
// the seller (the card gains the badge), deletes the reported laptop and
// the buyer, and sees everyone's role.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { logOut, picture } from "./helpers";
import { laptopPng } from "./png";

const base = () => process.env.BASE_URL!;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = "journey-password-1";

/** signUp creates an account through the sign-up page and waits for home. */
async function signUp(page: Page, who: { name: string; email: string; role: "Buyer" | "Seller" }) {
  await page.goto(base() + "/signup");
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [99, 102, 241]) });
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Account Type").selectOption(who.role);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("User create Success")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
}

/** dismissToast closes the toast saying `text`, so the next one with the same words is new. */
async function dismissToast(page: Page, text: string) {
  const toast = page.getByRole("alert").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "close" }).click();
  await expect(toast).toHaveCount(0);
}

/** openAdminPage follows the dashboard's side menu (a drawer on phones). */
async function openAdminPage(page: Page, label: string) {
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  if (!(await menu.isVisible())) await page.getByText("Dashboard menu").click();
  const link = menu.getByRole("link", { name: label, exact: true });
  const href = await link.getAttribute("href");
  await link.click();
  // a lazy page's address changes once its code is in
  if (href) await page.waitForURL((url) => url.pathname === href);
}

/** shoot screenshots the page at `size` and checks nothing sticks out sideways. */
async function shoot(page: Page, size: { width: number; height: number }, file: string) {
  const before = page.viewportSize();
  await page.setViewportSize(size);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  // the dashboard drawer slides when the width crosses its breakpoint: picture the end state
  await picture(page, file, { fullPage: true, animations: "disabled" });
  if (before) await page.setViewportSize(before);
}

test("an admin verifies a seller, removes a reported laptop and a buyer, and sees every role", async ({ browser }) => {
  // three browsers and some forty steps: on the 2-core CI box beside another worker it took 1.6 min to step 8
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-7);
  const productName = `ZenBook ${stamp}`;
  const sellerName = `Selina Seller ${stamp}`;
  const buyerName = `Babul Buyer ${stamp}`;
  const adminName = `Ayesha Admin ${stamp}`;
  const sellerEmail = `admin-journey-seller-${stamp}@example.com`;
  const buyerEmail = `admin-journey-buyer-${stamp}@example.com`;
  const adminEmail = `admin-journey-admin-${stamp}@example.com`;

  // 1. A seller signs up with a photo and adds a product.
  const sellerContext = await browser.newContext({ viewport: DESKTOP });
  const seller = await sellerContext.newPage();
  await signUp(seller, { name: sellerName, email: sellerEmail, role: "Seller" });
  await seller.goto(base() + "/dashboard/addproduct");
  await expect(seller.getByRole("heading", { name: "Add a Product" })).toBeVisible();
  await seller.getByLabel("Product Name").fill(productName);
  await seller.getByLabel("Photo").setInputFiles({ name: "zenbook.png", mimeType: "image/png", buffer: laptopPng(320, 240, [14, 116, 144]) });
  await seller.getByLabel("Category").selectOption("ASUS");
  await seller.getByLabel("Condition").selectOption("excellent");
  await seller.getByLabel("Years of Use").fill("1");
  await seller.getByLabel("Sell Price").fill("62000");
  await seller.getByLabel("Original Price").fill("89000");
  await seller.getByLabel("Phone Number").fill("01912345678");
  await seller.getByLabel("Location").fill("Dhanmondi 27, Dhaka");
  await seller.getByLabel(/^Description/).fill("Ryzen 7, 16 GB RAM, 512 GB SSD, OLED screen.");
  await seller.getByRole("button", { name: "Submit" }).click();
  await expect(seller.getByText("product successfuly added")).toBeVisible();
  await expect(seller).toHaveURL(/\/dashboard\/myproducts$/);

  // Its brand's page, and no badge yet.
  await seller.goto(base() + "/");
  await seller.getByRole("main").getByRole("link", { name: "ASUS", exact: true }).click();
  await expect(seller).toHaveURL(/\/categorys\/\d+$/);
  const categoryUrl = seller.url();
  const ownCard = seller.getByRole("article", { name: productName });
  await expect(ownCard).toContainText(sellerName);
  await expect(ownCard.getByText("Verified", { exact: true })).toHaveCount(0);

  // 2. A buyer signs up and reports it.
  const buyerContext = await browser.newContext({ viewport: DESKTOP });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { name: buyerName, email: buyerEmail, role: "Buyer" });
  await buyer.goto(categoryUrl);
  const card = buyer.getByRole("article", { name: productName });
  await card.getByRole("button", { name: "Report" }).click();
  await buyer.getByRole("alertdialog", { name: "Are You sure Report this Product" }).getByRole("button", { name: "Report" }).click();
  await expect(buyer.getByText("Report Success")).toBeVisible();

  // 3. The admin-to-be signs up as a Buyer and is promoted from the command line.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signUp(admin, { name: adminName, email: adminEmail, role: "Buyer" });
  await logOut(admin);
  await expect(admin.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
  execFileSync(process.env.RESALE_BIN!, ["admin", "grant", adminEmail], { env: { ...process.env }, stdio: "pipe" });

  // 4. The admin logs in and opens All Seller from the dashboard menu.
  await admin.goto(base() + "/login");
  await admin.getByLabel("Email").fill(adminEmail);
  await admin.getByLabel("Password").fill(PASSWORD);
  await admin.getByRole("button", { name: "Login" }).click();
  await expect(admin.getByText("Login Success")).toBeVisible();
  await admin.getByRole("list", { name: "Primary" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(admin.getByRole("navigation", { name: "Dashboard" })).toContainText("Admin dashboard");
  await openAdminPage(admin, "All Seller");
  await expect(admin.getByRole("heading", { name: "All Seller" })).toBeVisible();
  const sellerRow = admin.getByRole("row", { name: new RegExp(sellerName) });
  await expect(sellerRow).toContainText(sellerEmail);
  await expect(sellerRow.getByText("Verifyed")).toHaveCount(0);
  await shoot(admin, PHONE, "all-seller-before-phone.png");

  // 5. Verify the seller: asked first, then Seller Update success and Verifyed.
  await sellerRow.getByRole("button", { name: /Make Verify/ }).click();
  const verify = admin.getByRole("alertdialog", { name: "Are you sure Verify this user" });
  await verify.getByRole("button", { name: "Cancel" }).click();
  await expect(verify).toBeHidden();
  await expect(sellerRow.getByRole("button", { name: /Make Verify/ })).toBeVisible();
  await sellerRow.getByRole("button", { name: /Make Verify/ }).click();
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByText("Seller Update success")).toBeVisible();
  await expect(sellerRow.getByText("Verifyed")).toBeVisible();
  await expect(sellerRow.getByRole("button", { name: /Make Verify/ })).toHaveCount(0);
  await shoot(admin, PHONE, "all-seller-phone.png");
  await shoot(admin, DESKTOP, "all-seller-desktop.png");

  // A reload reads it back from the server.
  await admin.reload();
  await expect(admin.getByRole("row", { name: new RegExp(sellerName) }).getByText("Verifyed")).toBeVisible();

  // 6. The product's card on its brand's page shows the verified badge at once.
  await buyer.goto(categoryUrl);
  await expect(buyer.getByRole("article", { name: productName }).getByText("Verified", { exact: true })).toBeVisible();

  // 7. Reported Products lists it; the admin deletes it.
  await openAdminPage(admin, "Reported Products");
  await expect(admin.getByRole("heading", { name: /^Reported Products: \d+$/ })).toBeVisible();
  const reportedRow = admin.getByRole("row", { name: new RegExp(productName) });
  await expect(reportedRow).toContainText(sellerName);
  await reportedRow.getByRole("button", { name: /Delete/ }).click();
  await admin.getByRole("alertdialog", { name: "Are you sure Delete this Product" }).getByRole("button", { name: "Delete" }).click();
  await dismissToast(admin, "Delete Success");
  await expect(reportedRow).toHaveCount(0);

  await buyer.goto(categoryUrl);
  await expect(buyer.getByRole("navigation", { name: "All categories" })).toBeVisible();
  await expect(buyer.getByRole("article", { name: productName })).toHaveCount(0);

  // 8. All Buyer lists the buyer; the admin deletes them.
  await openAdminPage(admin, "All Buyers");
  await expect(admin.getByRole("heading", { name: "All Buyer" })).toBeVisible();
  const buyerRow = admin.getByRole("row", { name: new RegExp(buyerName) });
  await expect(buyerRow).toContainText(buyerEmail);
  await expect(buyerRow).toContainText("Buyer");
  await expect(admin.getByRole("row", { name: new RegExp(adminName) })).toHaveCount(0);
  await shoot(admin, PHONE, "all-buyer-phone.png");
  await buyerRow.getByRole("button", { name: /Delete/ }).click();
  const remove = admin.getByRole("alertdialog", { name: "Are you sure delete this user" });
  await remove.getByRole("button", { name: "Cancel" }).click();
  await expect(buyerRow).toBeVisible();
  await buyerRow.getByRole("button", { name: /Delete/ }).click();
  // #32: deleting an account says why; the owner reads it in the mail
  await remove.getByLabel("Reason for the account's owner").fill("Several fake bookings");
  await remove.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Delete Success")).toBeVisible();
  await expect(buyerRow).toHaveCount(0);

  // The deleted buyer's token stops working: their next page sends them to log in.
  await buyer.goto(base() + "/dashboard/mybooking");
  await expect(buyer).toHaveURL(/\/login$/);

  // 9. All Users shows every role; the admin's own row cannot be deleted.
  await openAdminPage(admin, "All Users");
  await expect(admin.getByRole("heading", { name: "All Users" })).toBeVisible();
  const adminRow = admin.getByRole("row", { name: new RegExp(adminName) });
  await expect(adminRow.getByRole("cell").nth(2)).toHaveText("Admin");
  await expect(admin.getByRole("row", { name: new RegExp(sellerName) }).getByRole("cell").nth(2)).toHaveText("Seller");
  await expect(admin.getByRole("row", { name: new RegExp(buyerName) })).toHaveCount(0);
  const ownDelete = adminRow.getByRole("button", { name: /Delete/ });
  await expect(ownDelete).toBeDisabled();
  await expect(ownDelete).toHaveAttribute("title", "You cannot delete your own account");
  await shoot(admin, PHONE, "all-users-phone.png");
  await shoot(admin, DESKTOP, "all-users-desktop.png");

  // With one account a page, the table starts with one row and Load more
  // follows the server's Link header until every account is there.
  await admin.route(/\/api\/users$/, (route) => route.continue({ url: route.request().url() + "?limit=1" }));
  await admin.reload();
  await expect(admin.getByRole("heading", { name: "All Users" })).toBeVisible();
  await expect(admin.locator("tbody tr")).toHaveCount(1);
  await admin.getByRole("button", { name: "Load more" }).click();
  await expect(admin.getByRole("button", { name: "Load more" })).toHaveCount(0, { timeout: 20_000 });
  await expect(adminRow).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(sellerName) })).toBeVisible();
  await admin.unroute(/\/api\/users$/);

  // Deleting oneself is refused by the server too, with its message.
  const token = await admin.evaluate(() => localStorage.getItem("accessToken"));
  const me = (await (await admin.request.get(base() + "/api/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { _id: string };
  const self = await admin.request.delete(base() + `/api/users/${me._id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(self.status()).toBe(409);
  expect(((await self.json()) as { message: string }).message).toBe("You cannot delete your own account");

  await sellerContext.close();
  await buyerContext.close();
  await adminContext.close();
});

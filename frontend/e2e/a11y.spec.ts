// Accessibility against the real binary: axe-core on every page the other
// journeys visit, signed out and as a buyer, a seller and an admin, in the
// light and the dark theme (see axe.ts), and the keyboard alone: Tab to a
// laptop's Book Now, Enter opens the dialog, Tab stays inside, Escape closes
// it and focus comes back to the button.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProduct, base, DESKTOP, PHONE, signUp } from "./helpers";
import { installStripeStandIn } from "./stripe-stand-in";

/** logIn signs in through the log-in page. */
async function logIn(page: Page, email: string) {
  await page.goto(base() + "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("journey-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login Success")).toBeVisible();
}

/** visit opens a dashboard page and waits for its heading. */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(base() + path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("signed out, every page passes axe in both themes", async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();

  // Home, blog, log in, sign up, search and an unknown address.
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(base() + "/");
  await expect(visitor.getByRole("heading", { name: "Shop by brand" })).toBeVisible();
  await checkA11y(visitor, "home");
  await visitor.goto(base() + "/blog");
  await expect(visitor.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await checkA11y(visitor, "blog");
  await visitor.goto(base() + "/login");
  await expect(visitor.getByRole("heading", { name: "Log In" })).toBeVisible();
  await checkA11y(visitor, "log in");
  await visitor.getByLabel("Email").fill(`nobody-${stamp}@example.com`);
  await visitor.getByLabel("Password").fill("not-the-password");
  await visitor.getByRole("button", { name: "Login" }).click();
  await expect(visitor.locator("#login-password-error")).toBeVisible();
  await checkA11y(visitor, "log in with an error");
  await visitor.goto(base() + "/signup");
  await expect(visitor.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await visitor.getByRole("button", { name: "Sign Up" }).click();
  await expect(visitor.getByText("Enter your name")).toBeVisible();
  await checkA11y(visitor, "sign up with field errors");
  await visitor.goto(base() + "/search?q=laptop");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await checkA11y(visitor, "search");
  await visitor.goto(base() + "/no/such/page");
  await expect(visitor.getByRole("link", { name: "Go to Home" })).toBeVisible();
  await checkA11y(visitor, "error page");
  // the phone layout: the header's menu and search fold away
  await visitor.setViewportSize(PHONE);
  await visitor.goto(base() + "/");
  await visitor.getByRole("button", { name: "Show search" }).click();
  await checkA11y(visitor, "home on a phone");
  await visitorContext.close();
});

test("a seller's and a buyer's pages pass axe in both themes", async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const productName = `Axe Book ${String(stamp).slice(-6)}`;

  // A seller: Add Product and My Products.
  const sellerContext = await browser.newContext({ viewport: DESKTOP });
  const seller = await sellerContext.newPage();
  await signUp(seller, { name: "Axe Seller", email: `axe-seller-${stamp}@example.com`, role: "Seller" });
  await visit(seller, "/dashboard/addproduct", "Add a Product");
  await checkA11y(seller, "add product");
  // APPLE: seller.spec.ts counts on HP being empty once its laptop is gone
  await addProduct(seller, { name: productName, category: "APPLE", sellPrice: 45500 });
  await expect(seller.getByRole("heading", { level: 1, name: /^My Products: \d+$/ })).toBeVisible();
  await checkA11y(seller, "my products");
  await seller.getByRole("row", { name: new RegExp(productName) }).getByRole("button", { name: /Advertise/ }).click();
  await expect(seller.getByRole("alertdialog")).toBeVisible();
  await checkA11y(seller, "confirmation dialog");
  await seller.keyboard.press("Escape");
  await expect(seller.getByRole("alertdialog")).toHaveCount(0);

  // A buyer: the brand's page, the booking dialog, My Booking and the payment page.
  const buyerContext = await browser.newContext({ viewport: DESKTOP });
  await installStripeStandIn(buyerContext);
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { name: "Axe Buyer", email: `axe-buyer-${stamp}@example.com`, role: "Buyer" });
  await checkA11y(buyer, "home signed in");
  await buyer.getByRole("main").getByRole("link", { name: "APPLE", exact: true }).click();
  const card = buyer.getByRole("article", { name: productName });
  await expect(card).toBeVisible();
  await checkA11y(buyer, "category");
  await card.getByRole("heading", { name: productName }).getByRole("link").click();
  await expect(buyer.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await checkA11y(buyer, "product page");
  await buyer.goBack();
  await card.getByRole("button", { name: "Book Now" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText("Enter a contact number")).toBeVisible();
  await checkA11y(buyer, "booking dialog with field errors");
  await dialog.getByLabel("Contact Number").fill("01812345678");
  await dialog.getByLabel("Meeting Location").fill("Farmgate, Dhaka");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();
  await visit(buyer, "/dashboard/mybooking", "My Booking");
  await expect(buyer.getByRole("row", { name: new RegExp(productName) })).toBeVisible();
  await checkA11y(buyer, "my booking");
  await buyer.getByRole("row", { name: new RegExp(productName) }).getByRole("link", { name: /Pay/ }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: `Payment for ${productName}` })).toBeVisible();
  await expect(buyer.getByLabel("Card number")).toBeVisible();
  await checkA11y(buyer, "payment");
  // the dashboard's menu on a phone
  await buyer.setViewportSize(PHONE);
  await visit(buyer, "/dashboard/mybooking", "My Booking");
  await buyer.getByText("Dashboard menu").click();
  await expect(buyer.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await checkA11y(buyer, "dashboard menu on a phone");
  await sellerContext.close();
  await buyerContext.close();
});

test("an admin's pages pass axe in both themes", async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();

  // An account promoted from the command line: the four admin lists.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  const adminEmail = `axe-admin-${stamp}@example.com`;
  await signUp(admin, { name: "Axe Admin", email: adminEmail, role: "Buyer" });
  await admin.getByRole("banner").getByRole("button", { name: "Log Out" }).click();
  await expect(admin.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
  execFileSync(process.env.RESALE_BIN!, ["admin", "grant", adminEmail], { env: { ...process.env }, stdio: "pipe" });
  await logIn(admin, adminEmail);
  await visit(admin, "/dashboard/allusers", "All Users");
  await checkA11y(admin, "all users");
  await visit(admin, "/dashboard/allbuyer", "All Buyer");
  await checkA11y(admin, "all buyer");
  await visit(admin, "/dashboard/allseller", "All Seller");
  await checkA11y(admin, "all seller");
  await visit(admin, "/dashboard/repotedproducts", /^Reported Products: \d+$/);
  await checkA11y(admin, "reported products");
  await adminContext.close();
});

test("the keyboard alone books a laptop's dialog open and shut, and focus comes back", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productName = `Keyboard Book ${String(stamp).slice(-6)}`;
  const sellerContext = await browser.newContext({ viewport: DESKTOP });
  const seller = await sellerContext.newPage();
  await signUp(seller, { name: "Key Seller", email: `key-seller-${stamp}@example.com`, role: "Seller" });
  await addProduct(seller, { name: productName, category: "ASUS", sellPrice: 51000 });

  const buyerContext = await browser.newContext({ viewport: DESKTOP });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { name: "Key Buyer", email: `key-buyer-${stamp}@example.com`, role: "Buyer" });
  await buyer.getByRole("main").getByRole("link", { name: "ASUS", exact: true }).click();
  const card = buyer.getByRole("article", { name: productName });
  await expect(card).toBeVisible();
  const book = card.getByRole("button", { name: "Book Now" });

  // From the top of the page, Tab until the laptop's Book Now has focus.
  await buyer.locator("body").focus();
  let reached = false;
  for (let i = 0; i < 120 && !reached; i++) {
    await buyer.keyboard.press("Tab");
    reached = await book.evaluate((el) => el === document.activeElement);
  }
  expect(reached, "Book Now is reachable with Tab").toBe(true);
  await expect(book).toBeFocused();

  // Enter opens the dialog with focus on the first field to fill.
  await buyer.keyboard.press("Enter");
  const dialog = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Contact Number")).toBeFocused();

  // Tab and Shift+Tab stay inside it.
  for (let i = 0; i < 12; i++) {
    await buyer.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await buyer.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  // Escape closes it, and focus is back on Book Now.
  await buyer.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(book).toBeFocused();

  // Chat with seller comes next, then the same for the Report question.
  await buyer.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Chat with seller" })).toBeFocused();
  await buyer.keyboard.press("Tab");
  const report = card.getByRole("button", { name: "Report" });
  await expect(report).toBeFocused();
  await buyer.keyboard.press("Enter");
  const question = buyer.getByRole("alertdialog", { name: "Are You sure Report this Product" });
  await expect(question).toBeVisible();
  // the card's Report asks why, as the product page does: focus starts on the reason
  await expect(question.getByLabel("Reason")).toBeFocused();
  await buyer.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(report).toBeFocused();

  // On a phone the dashboard's menu opens from the keyboard too.
  await buyer.setViewportSize(PHONE);
  await buyer.goto(base() + "/dashboard/mybooking");
  await expect(buyer.getByRole("heading", { level: 1, name: "My Booking" })).toBeVisible();
  const menu = buyer.getByRole("navigation", { name: "Dashboard" });
  await expect(menu).toBeHidden();
  const toggle = buyer.getByRole("checkbox", { name: "Dashboard menu" });
  await toggle.focus();
  await buyer.keyboard.press("Space");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Booking" })).toBeFocused();
  await buyer.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await sellerContext.close();
  await buyerContext.close();
});

// Accessibility against the real binary: axe-core, in the light and the
// dark theme (see axe.ts), on what the pages show only after a step: a
// form's errors, a dialog, the phone's folded search and dashboard menu.
// Every page as it loads is axe-checked for every role that has it by the
// layout journey (layout.spec.ts). And the keyboard alone: Tab to a
// laptop's Book Now, Enter opens the dialog, Tab stays inside, Escape closes
// it and focus comes back to the button.
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, base, DESKTOP, PHONE, signedIn, signUpByApi } from "./helpers";

test("signed out, a form's errors and the phone's search pass axe in both themes", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();

  // Log in refused, and sign up with every field missing.
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(base() + "/login");
  await expect(visitor.getByRole("heading", { name: "Log In" })).toBeVisible();
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
  // the phone layout: the header's menu and search fold away
  await visitor.setViewportSize(PHONE);
  await visitor.goto(base() + "/");
  await visitor.getByRole("button", { name: "Show search" }).click();
  await checkA11y(visitor, "home on a phone");
  await visitorContext.close();
});

test("a seller's and a buyer's dialogs and the phone's dashboard menu pass axe in both themes", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const productName = `Axe Book ${String(stamp).slice(-6)}`;
  const sellerToken = await signUpByApi(request, { name: "Axe Seller", email: `axe-seller-${stamp}@example.com`, role: "Seller" });
  const buyerToken = await signUpByApi(request, { name: "Axe Buyer", email: `axe-buyer-${stamp}@example.com`, role: "Buyer" });
  // APPLE: seller.spec.ts counts on HP being empty once its laptop is gone
  await addProductByApi(request, sellerToken, { name: productName, category: "APPLE", sellPrice: 45500 });

  // A seller: My Products' confirmation dialog.
  const sellerContext = await signedIn(browser, sellerToken, { viewport: DESKTOP });
  const seller = await sellerContext.newPage();
  await seller.goto(base() + "/dashboard/myproducts");
  await seller.getByRole("row", { name: new RegExp(productName) }).getByRole("button", { name: /Advertise/ }).click();
  await expect(seller.getByRole("alertdialog")).toBeVisible();
  await checkA11y(seller, "confirmation dialog");
  await seller.keyboard.press("Escape");
  await expect(seller.getByRole("alertdialog")).toHaveCount(0);

  // A buyer: the booking dialog with its field errors, from the brand's page.
  const buyerContext = await signedIn(browser, buyerToken, { viewport: DESKTOP });
  const buyer = await buyerContext.newPage();
  await buyer.goto(base() + "/");
  await buyer.getByRole("main").getByRole("link", { name: "APPLE", exact: true }).click();
  const card = buyer.getByRole("article", { name: productName });
  await card.getByRole("button", { name: "Book Now" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText("Enter a contact number")).toBeVisible();
  await checkA11y(buyer, "booking dialog with field errors");
  // the dashboard's menu on a phone
  await buyer.setViewportSize(PHONE);
  await buyer.goto(base() + "/dashboard/mybooking");
  await expect(buyer.getByRole("heading", { level: 1, name: "My Booking" })).toBeVisible();
  await buyer.getByText("Dashboard menu").click();
  await expect(buyer.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await checkA11y(buyer, "dashboard menu on a phone");
  await sellerContext.close();
  await buyerContext.close();
});

test("the keyboard alone books a laptop's dialog open and shut, and focus comes back", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productName = `Keyboard Book ${String(stamp).slice(-6)}`;
  const sellerToken = await signUpByApi(request, { name: "Key Seller", email: `key-seller-${stamp}@example.com`, role: "Seller" });
  await addProductByApi(request, sellerToken, { name: productName, category: "ASUS", sellPrice: 51000 });

  const buyerToken = await signUpByApi(request, { name: "Key Buyer", email: `key-buyer-${stamp}@example.com`, role: "Buyer" });
  const buyerContext = await signedIn(browser, buyerToken, { viewport: DESKTOP });
  const buyer = await buyerContext.newPage();
  await buyer.goto(base() + "/");
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

  await buyerContext.close();
});

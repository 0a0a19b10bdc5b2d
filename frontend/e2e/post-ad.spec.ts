// "Post your ad" (issue #15, 17): a visitor signs up as a Seller and lands
// on Add Product; a signed-in buyer is asked, becomes a seller and lands
// there too; an admin's menu counts the reports waiting.
import { expect, test } from "@playwright/test";
import { base, DESKTOP, logOut } from "./helpers";
import { laptopPng } from "./png";

test("Post your ad leads a visitor through sign-up as a Seller to Add Product, and makes a buyer a seller", async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const header = page.getByRole("banner");

  // A visitor: the header's button opens sign-up with Seller chosen.
  await page.goto(base() + "/");
  await header.getByRole("link", { name: "Post your ad" }).click();
  await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await expect(page.getByLabel("Account Type")).toHaveValue("Seller");
  await page.getByLabel("Name").fill("Post Ad Seller");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48) });
  await page.getByLabel("Email").fill(`post-ad-seller-${stamp}@example.com`);
  await page.getByLabel("Password").fill("journey-password-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/dashboard\/addproduct$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a Product" })).toBeVisible();
  // a seller's menu starts with their own work
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link")).toHaveText(["Leads", "Messages", "Add Product", "My Products", "Edit my shop", "View my shop", "Numbers", "Balance", "My Booking", "Favourites", "Saved searches"]);
  await logOut(page);
  await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();

  // A buyer: the button asks, then switches the role and opens Add Product.
  await page.goto(base() + "/signup");
  await page.getByLabel("Name").fill("Post Ad Buyer");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48) });
  await page.getByLabel("Email").fill(`post-ad-buyer-${stamp}@example.com`);
  await page.getByLabel("Password").fill("journey-password-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await header.getByRole("button", { name: "Post your ad" }).click();
  const question = page.getByRole("alertdialog", { name: "Sell your laptop here?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Become a seller" }).click();
  await expect(page).toHaveURL(/\/dashboard\/addproduct$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a Product" })).toBeVisible();
  await expect(page.getByText("You can post ads now")).toBeVisible();
  // the new token is the one kept: a reload is still a seller
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Add a Product" })).toBeVisible();
  await context.close();
});

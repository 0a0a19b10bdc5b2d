// A laptop's whole life against the real binary: a seller signs up and
// lists it with a photo, it shows in My Products and on its brand's page,
// the seller advertises it onto Urgent Sell, a buyer reports and books it,
// and the seller deletes it again.
import { expect, test } from "@playwright/test";
import { atPhoneWidth, base, signUp, picture } from "./helpers";
import { laptopPng } from "./png";

test("a seller lists, advertises and deletes a laptop that a buyer reports and books", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productName = `EliteBook ${String(stamp).slice(-6)}`;
  const sellerName = "Karim Seller";

  // 1. A seller signs up and adds a product from the dashboard.
  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const seller = await sellerContext.newPage();
  await signUp(seller, { name: sellerName, email: `seller-${stamp}@example.com`, role: "Seller" });
  await seller.getByRole("list", { name: "Primary" }).getByRole("link", { name: "Dashboard" }).click();
  await seller.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Product" }).click();
  await expect(seller.getByRole("heading", { name: "Add a Product" })).toBeVisible();

  await seller.getByLabel("Product Name").fill(productName);
  await seller.getByLabel("Photo").setInputFiles({ name: "elitebook.png", mimeType: "image/png", buffer: laptopPng(320, 240) });
  await seller.getByLabel("Category").selectOption("HP");
  await seller.getByLabel("Condition").selectOption("good");
  await seller.getByLabel("Years of Use").fill("2");
  await seller.getByLabel("Sell Price").fill("45000");
  await seller.getByLabel("Original Price").fill("98500");
  await seller.getByLabel("Phone Number").fill("01712345678");
  await seller.getByLabel("Location").fill("Mirpur 10, Dhaka");
  await seller.getByLabel(/^Description/).fill("Core i5, 8 GB RAM, 256 GB SSD. Battery holds about four hours.");
  await seller.getByRole("button", { name: "Submit" }).click();

  await expect(seller.getByText("product successfuly added")).toBeVisible();
  await expect(seller).toHaveURL(/\/dashboard\/myproducts$/);

  // 2. It is in My Products.
  await expect(seller.getByRole("heading", { name: "My Products: 1" })).toBeVisible();
  const myRow = seller.getByRole("row", { name: new RegExp(productName) });
  await expect(myRow).toContainText("45,000 Tk");
  await expect(myRow).toContainText("available");
  const thumb = myRow.locator("img");
  await expect(thumb).toHaveAttribute("src", /^\/uploads\//);
  await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  // 3. It is on its brand's page, reached from the home tile.
  await seller.goto(base() + "/");
  await seller.getByRole("main").getByRole("link", { name: "HP", exact: true }).click();
  await expect(seller).toHaveURL(/\/categorys\/\d+$/);
  const categoryUrl = seller.url();
  await expect(seller.getByRole("navigation", { name: "Breadcrumb" })).toContainText("HP");
  const ownCard = seller.getByRole("article", { name: productName });
  await expect(ownCard).toBeVisible();
  await expect(ownCard).toContainText("45,000 Tk");
  await expect(ownCard).toContainText(sellerName);
  await expect(ownCard.getByRole("button", { name: "Your product" })).toBeDisabled();

  // 4. The seller advertises it: Advertised, and it is under Urgent Sell.
  await seller.goto(base() + "/dashboard/myproducts");
  await myRow.getByRole("button", { name: /Advertise/ }).click();
  const advertise = seller.getByRole("alertdialog", { name: "Are you sure Advertise this Product" });
  await expect(advertise).toBeVisible();
  await advertise.getByRole("button", { name: "Advertise" }).click();
  await expect(seller.getByText("Product Advertise Success")).toBeVisible();
  await expect(myRow.getByText("Advertised")).toBeVisible();
  await atPhoneWidth(seller, "my-products-phone.png");

  await seller.goto(base() + "/");
  const urgent = seller.getByRole("region", { name: "Urgent Sell" });
  await expect(urgent.getByRole("article", { name: productName })).toBeVisible();
  await atPhoneWidth(seller, "home-phone.png");

  // 5. A buyer reports it and books it.
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { name: "Rahim Buyer", email: `buyer-${stamp}@example.com`, role: "Buyer" });
  await buyer.goto(categoryUrl);
  const card = buyer.getByRole("article", { name: productName });
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: "Report" }).click();
  const report = buyer.getByRole("alertdialog", { name: "Are You sure Report this Product" });
  await expect(report).toBeVisible();
  await report.getByRole("button", { name: "Report" }).click();
  await expect(buyer.getByText("Report Success")).toBeVisible();

  await card.getByRole("button", { name: "Book Now" }).click();
  const booking = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await expect(booking).toBeVisible();
  await expect(booking.getByLabel("Your Name")).toHaveValue("Rahim Buyer");
  await expect(booking.getByLabel("Your Email")).toHaveValue(`buyer-${stamp}@example.com`);
  await expect(booking.getByLabel("Price")).toHaveValue("45,000 Tk");
  await booking.getByLabel("Contact Number").fill("01812345678");
  await booking.getByLabel("Meeting Location").fill("Farmgate, Dhaka");
  await picture(buyer, "booking-desktop.png");
  await booking.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();
  await expect(booking).toBeHidden();

  // 6. The seller deletes it: No Product, and it is gone from the brand's page.
  await seller.goto(base() + "/dashboard/myproducts");
  await myRow.getByRole("button", { name: /Delete/ }).click();
  const remove = seller.getByRole("alertdialog", { name: "Are you sure Delete this Product" });
  await remove.getByRole("button", { name: "Delete" }).click();
  await expect(seller.getByText("Delete Success")).toBeVisible();
  await expect(seller.getByText("No Product", { exact: true })).toBeVisible();
  await expect(seller.getByRole("heading", { name: "My Products: 0" })).toBeVisible();

  await seller.goto(categoryUrl);
  await expect(seller.getByRole("navigation", { name: "All categories" })).toBeVisible();
  // gone from the brand; other journeys running beside this one may list
  // HP laptops of their own, so the brand need not be empty
  await expect(seller.getByRole("article", { name: productName })).toHaveCount(0);

  await sellerContext.close();
  await buyerContext.close();
});

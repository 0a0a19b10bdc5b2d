// A buyer's journey against the real binary: a seller lists a laptop, a
// buyer books it, sees it in My Booking, pays for it by card (a declined
// card first, then a good one) through the Stripe stand-ins, and the laptop
// is then paid in My Booking and gone from its brand's page.
import { expect, test, type Page } from "@playwright/test";
import { addProductByApi, atPhoneWidth, base, DESKTOP, signedIn, signUpByApi, picture } from "./helpers";
import { CARD_DECLINED, CARD_OK } from "./fake-stripe";
import { installStripeStandIn } from "./stripe-stand-in";

/** bookingOf reads one booking through the API with the page's own token. */
function bookingOf(page: Page, id: string): Promise<{ paid: boolean; status: number }> {
  return page.evaluate(async (bookingId) => {
    const res = await fetch(`/api/bookings/${bookingId}`, { headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` } });
    const body = (await res.json()) as { paid?: boolean };
    return { paid: body.paid === true, status: res.status };
  }, id);
}

test("a buyer books a laptop, a declined card changes nothing, a good card pays for it", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productName = `MacBook Air ${String(stamp).slice(-6)}`;

  // 1. A seller lists a laptop under APPLE (through the API: signing up
  // and Add Product are other journeys').
  const sellerToken = await signUpByApi(request, { name: "Sadia Seller", email: `pay-seller-${stamp}@example.com`, role: "Seller" });
  await addProductByApi(request, sellerToken, { name: productName, category: "APPLE", sellPrice: 85000 });

  // 2. A buyer, signed in, opens the brand's page from home and books it.
  const buyerEmail = `pay-buyer-${stamp}@example.com`;
  const buyerToken = await signUpByApi(request, { name: "Rahim Buyer", email: buyerEmail, role: "Buyer" });
  const buyerContext = await signedIn(browser, buyerToken, { viewport: DESKTOP });
  const confirmations = await installStripeStandIn(buyerContext);
  const buyer = await buyerContext.newPage();
  await buyer.goto(base() + "/");
  await buyer.getByRole("main").getByRole("link", { name: "APPLE", exact: true }).click();
  await expect(buyer).toHaveURL(/\/categorys\/\d+$/);
  const categoryUrl = buyer.url();
  const card = buyer.getByRole("article", { name: productName });
  await card.getByRole("button", { name: "Book Now" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await dialog.getByLabel("Contact Number").fill("01812345678");
  await dialog.getByLabel("Meeting Location").fill("Bashundhara City, Dhaka");
  // #34: cash at the hand-over is chosen first; this buyer pays by card
  await dialog.getByRole("radio", { name: "Card", exact: true }).check();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();

  // 3. My Booking lists it, unpaid, to be paid by card, with a Pay link.
  await buyer.getByRole("list", { name: "Primary" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(buyer).toHaveURL(/\/dashboard$/);
  await expect(buyer.getByRole("heading", { name: "My Booking" })).toBeVisible();
  // the first: once paid, the hand-over code sits in a row of its own below
  const row = buyer.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row).toContainText("85,000 Tk");
  await expect(row).toContainText("Bashundhara City, Dhaka");
  await expect(row.getByRole("rowheader")).toHaveText("1");
  await expect(row.getByRole("button", { name: /Delete/ })).toBeEnabled();
  await expect(row.getByTestId("booking-method")).toHaveText("Pay by card");
  const pay = row.getByRole("link", { name: /Pay/ });
  await expect(pay).toBeVisible();
  await atPhoneWidth(buyer, "my-booking-unpaid-phone.png");

  // 4. The payment page: product, price and the card form.
  await pay.click();
  await expect(buyer).toHaveURL(/\/dashboard\/payment\/\d+$/);
  const bookingId = buyer.url().split("/").pop()!;
  await expect(buyer.getByRole("heading", { name: `Payment for ${productName}` })).toBeVisible();
  await expect(buyer.getByText("85,000 Tk")).toBeVisible();
  const number = buyer.getByLabel("Card number");
  const payButton = buyer.getByRole("button", { name: "Pay", exact: true });
  await expect(number).toBeVisible();
  await expect(payButton).toBeEnabled();

  // 5. A declined card: the provider's message in red, nothing recorded.
  await number.fill(CARD_DECLINED);
  await payButton.click();
  const declined = buyer.getByText("Your card was declined.");
  await expect(declined).toBeVisible();
  await expect(declined).toHaveClass(/\btext-error\b/);
  // red: the error colour, not the text colour around it
  const [errColour, textColour] = await declined.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest("form")!).color]);
  expect(errColour).not.toBe(textColour);
  await expect(payButton).toBeEnabled();
  expect(await bookingOf(buyer, bookingId)).toEqual({ paid: false, status: 200 });
  await expect(buyer.getByText("Payment Success")).toHaveCount(0);
  await atPhoneWidth(buyer, "payment-declined-phone.png");
  await buyer.evaluate(() => window.scrollTo(0, 0));
  await picture(buyer, "payment-declined-desktop.png", { fullPage: true });

  // 6. A good card: Payment Success with the transaction id, back on /dashboard, Paid.
  await number.fill(CARD_OK);
  await payButton.click();
  await expect(buyer.getByText("Payment Success", { exact: true })).toBeVisible();
  await expect(buyer.getByText(/^Transaction id: pi_[0-9a-f]+$/)).toBeVisible();
  await expect(buyer).toHaveURL(/\/dashboard$/);
  await expect(row.getByText("Paid", { exact: true })).toHaveCount(2); // the status, and the payment column
  // paid by card, the laptop is still handed over at the meeting: the code is there
  await expect(buyer.getByRole("region", { name: `Hand-over code for ${productName}` })).toBeVisible();
  await expect(row.getByRole("link", { name: /Pay/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Delete/ })).toBeDisabled();
  expect(await bookingOf(buyer, bookingId)).toEqual({ paid: true, status: 200 });
  expect(confirmations.map((c) => c.card)).toEqual([CARD_DECLINED, CARD_OK]);
  expect(confirmations[1]).toMatchObject({ name: "Rahim Buyer", email: buyerEmail });
  await atPhoneWidth(buyer, "my-booking-paid-phone.png");
  await buyer.evaluate(() => window.scrollTo(0, 0));
  await picture(buyer, "my-booking-paid-desktop.png", { fullPage: true });

  // 7. Opening the payment page again says it is paid; the laptop is gone from its brand's page.
  await buyer.goto(`${base()}/dashboard/payment/${bookingId}`);
  await expect(buyer.getByText("This booking is already paid.")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
  await buyer.goto(categoryUrl);
  await expect(buyer.getByRole("navigation", { name: "All categories" })).toBeVisible();
  await expect(buyer.getByRole("article", { name: productName })).toHaveCount(0);

  await buyerContext.close();
});

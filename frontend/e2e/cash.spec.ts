// Cash is first-class (#34), against the real binary: on a 360 px phone a
// buyer books a laptop choosing cash at the hand-over (preselected among
// the shop's ways to pay), My Booking and the notifications say "Pay at the
// hand-over: cash" and never ask for a card, the seller sees the buyer pays
// in cash, and the hand-over code completes the sale with nothing paid
// online.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, base, picture, settle, signedIn, signUpByApi } from "./helpers";

const PHONE_360 = { width: 360, height: 740 };
const WIDE = { width: 1366, height: 900 };

/** visibleText is an element's text as a person reads it: a closed select shows only its chosen option. */
function visibleText(el: Locator): Promise<string> {
  return el.evaluate((node) => {
    const copy = node.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("select").forEach((s) => s.replaceWith(document.createTextNode((s as HTMLSelectElement).selectedOptions[0]?.textContent ?? "")));
    return copy.textContent ?? "";
  });
}

/** myBookingRow opens My Booking and answers the laptop's row. */
async function myBookingRow(page: Page, productName: string): Promise<Locator> {
  await page.goto(base() + "/dashboard/mybooking");
  await expect(page.getByRole("heading", { name: "My Booking" })).toBeVisible();
  return page.getByRole("row", { name: new RegExp(productName) }).first();
}

/**
 * pictures takes the page at 360 and 1366 px, light and dark, then goes
 * back to 360 px light; with `inView`, what the screen shows once that is
 * scrolled into view (a dialog scrolls inside itself), else the whole page.
 */
async function pictures(page: Page, name: string, inView?: Locator) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    for (const size of [PHONE_360, WIDE]) {
      await page.setViewportSize(size);
      if (inView) {
        await inView.scrollIntoViewIfNeeded();
        await picture(page, `${name}-${size.width}-${scheme}.png`);
      } else {
        await settle(page);
        await picture(page, `${name}-${size.width}-${scheme}.png`, { fullPage: true });
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(PHONE_360);
}

test("books with cash and completes by hand-over code", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`;
  const productName = `HP ProBook ${stamp.slice(-6)} cash`;
  const sellerToken = await signUpByApi(request, { name: "Selim Seller", email: `cash-seller-${stamp}@example.com`, role: "Seller" });
  const productId = await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 42000 });
  const buyerToken = await signUpByApi(request, { name: "Kamal Buyer", email: `cash-buyer-${stamp}@example.com`, role: "Buyer" });
  const buyerContext = await signedIn(browser, buyerToken, { viewport: PHONE_360, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const buyer = await buyerContext.newPage();
  const seller = await (await signedIn(browser, sellerToken, { viewport: WIDE })).newPage();

  // 1. The laptop's page says how one can pay; Book Now offers the shop's ways, cash chosen.
  await buyer.goto(`${base()}/product/${productId}`);
  await expect(buyer.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await expect(buyer.getByTestId("payment-methods")).toContainText("Cash at the hand-over");
  // on a phone Book Now is in the bar at the bottom (#37)
  await buyer.getByRole("region", { name: "Call, chat or book" }).getByRole("button", { name: "Book Now" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Book ${productName}` });
  const methods = dialog.getByRole("group", { name: "How will you pay?" });
  await expect(methods.getByRole("radio", { name: "Cash at the hand-over" })).toBeChecked();
  await expect(methods.getByRole("radio", { name: "Card", exact: true })).not.toBeChecked();
  await dialog.getByLabel("Contact Number").fill("01812345678");
  await dialog.getByLabel("Meeting Location").fill("Bashundhara City, Dhaka");
  await checkA11y(buyer, "the Book Now dialog with its ways to pay");
  await pictures(buyer, "cash-book-dialog", methods);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();

  // 2. My Booking says cash at the hand-over, offers no Pay and no card wording.
  let row = await myBookingRow(buyer, productName);
  await expect(row.getByTestId("booking-method")).toHaveText(/^Pay at the hand-over: cash/);
  await expect(row.getByRole("link", { name: /^Pay for/ })).toHaveCount(0);
  expect(await visibleText(row)).not.toMatch(/card/i);
  await checkA11y(buyer, "My Booking with a cash booking");
  await pictures(buyer, "cash-my-booking-pending");

  // 3. The seller's lead says the buyer pays in cash; the seller accepts.
  await seller.goto(base() + "/dashboard/leads");
  const lead = seller.getByRole("row", { name: /Kamal Buyer/ });
  await expect(lead).toContainText("The buyer pays in cash at the hand-over");
  await lead.getByRole("button", { name: /^Accept the booking of/ }).click();
  await seller.getByRole("alertdialog", { name: "Accept this booking?" }).getByRole("button", { name: "Accept" }).click();
  await expect(lead).toContainText("Accepted");

  // 4. The buyer is told to pay in cash at the hand-over, and has the code.
  await buyer.goto(base() + "/notifications");
  const accepted = buyer.getByRole("listitem").filter({ hasText: `Booking accepted: ${productName}` });
  await expect(accepted).toContainText("Pay at the hand-over: cash, 42,000 Tk.");
  expect(await visibleText(accepted)).not.toMatch(/card/i);
  row = await myBookingRow(buyer, productName);
  await expect(row).toContainText("Accepted");
  await expect(row.getByTestId("booking-method")).toHaveText(/^Pay at the hand-over: cash/);
  expect(await visibleText(row)).not.toMatch(/card/i);
  const codeBox = buyer.getByRole("region", { name: `Hand-over code for ${productName}` });
  const code = (await codeBox.locator(".font-mono").innerText()).replace(/\D/g, "");
  expect(code).toMatch(/^[0-9]{6}$/);
  await pictures(buyer, "cash-my-booking-accepted");
  // in Bangla: cash is নগদ টাকা (নগদ alone is also the Nagad wallet)
  await buyer.evaluate(() => localStorage.setItem("resale:lang", "bn"));
  await buyer.reload();
  row = buyer.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row.getByTestId("booking-method")).toHaveText(/^হস্তান্তরের সময় পরিশোধ: নগদ টাকা/);
  expect(await visibleText(row)).not.toMatch(/কার্ড/);
  await pictures(buyer, "cash-my-booking-accepted-bn");
  await buyer.evaluate(() => localStorage.setItem("resale:lang", "en"));

  // 5. At the meeting the buyer pays in cash; the seller types the code: the sale is complete.
  await lead.getByRole("button", { name: /^Confirm the hand-over of/ }).click();
  const handover = seller.getByRole("dialog", { name: "Confirm hand-over" });
  await handover.getByLabel("Hand-over code").fill(code);
  await handover.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(seller.getByText(`Hand-over confirmed: ${productName} is sold.`)).toBeVisible();
  await expect(lead).toContainText("Completed");
  await expect(lead).toContainText("Paid in cash at the hand-over");

  // 6. The buyer's booking is completed, paid in cash; nothing asks for a card.
  row = await myBookingRow(buyer, productName);
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("Paid in cash at the hand-over");
  expect(await visibleText(row)).not.toMatch(/card/i);
  await pictures(buyer, "cash-my-booking-completed");
  await buyer.goto(base() + "/notifications");
  const completed = buyer.getByRole("listitem").filter({ hasText: `Sale completed: ${productName}` });
  await expect(completed).toContainText("You paid in cash at the hand-over (42,000 Tk).");
  expect(await visibleText(completed)).not.toMatch(/card/i);
  // nothing was paid online: the shop recorded no payment for it
  const payments = await request.get(`${base()}/api/bookings?email=cash-buyer-${stamp}%40example.com`, { headers: { Authorization: `Bearer ${buyerToken}` } });
  const [booking] = (await payments.json()) as { paid: boolean; paymentMethod: string; status: string }[];
  expect(booking).toMatchObject({ paid: false, paymentMethod: "cash", status: "completed" });

  await buyerContext.close();
  await seller.context().close();
});

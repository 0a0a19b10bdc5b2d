// Talk before you meet (#19), two browsers at once against the real
// binary: a buyer asks about a laptop and the seller's open inbox shows it
// live, with the badge; the seller replies; the buyer offers 5,000 Tk less,
// the seller accepts, the buyer books at that price and pays it by card
// (the Stripe stand-ins, as in the buyer journey); then the buyer blocks
// the seller, who can no longer write.
import { expect, test, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { CARD_OK } from "./fake-stripe";
import { addProductByApi, atPhoneWidth, base, DESKTOP, settle, signedIn, signUpByApi, picture } from "./helpers";
import { installStripeStandIn } from "./stripe-stand-in";

const WIDE = { width: 1366, height: 900 };

/** thread is the open conversation's list of messages (the inbox beside it repeats the last one). */
const thread = (page: Page) => page.getByRole("list", { name: "Messages" });

async function shot(page: Page, name: string) {
  await atPhoneWidth(page, `${name}-phone.png`);
  await page.setViewportSize(WIDE);
  await settle(page);
  await picture(page, `${name}-desktop.png`);
  await page.setViewportSize(DESKTOP);
}

test("buyer and seller talk, agree a price, and the buyer books and pays it; a block ends the talk", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const productName = `ThinkPad X1 Carbon ${stamp}`;

  // signing up and Add Product are other journeys': here through the API
  const sellerToken = await signUpByApi(request, { name: "Selim Seller", email: `chat-seller-${stamp}@example.com`, role: "Seller" });
  const productId = await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 60000 });
  const seller = await (await signedIn(browser, sellerToken, { viewport: DESKTOP })).newPage();
  // the seller waits in the inbox, never reloading it
  await seller.goto(base() + "/dashboard/messages");
  await expect(seller.getByText("No messages yet", { exact: true })).toBeVisible();

  const buyerToken = await signUpByApi(request, { name: "Bina Buyer", email: `chat-buyer-${stamp}@example.com`, role: "Buyer" });
  const buyerContext = await signedIn(browser, buyerToken, { viewport: DESKTOP });
  const confirmations = await installStripeStandIn(buyerContext);
  const buyer = await buyerContext.newPage();

  // 1. The buyer asks from the laptop's page.
  await buyer.goto(`${base()}/product/${productId}`);
  await buyer.getByRole("button", { name: "Chat with seller" }).click();
  const ask = buyer.getByRole("dialog", { name: "Chat with Selim Seller" });
  await expect(ask.getByLabel("Your message")).toHaveValue("Is it still available?");
  await ask.getByLabel("Your message").fill("Is it still available? Does the battery hold?");
  await ask.getByRole("button", { name: "Send" }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/\d+$/);
  await expect(thread(buyer).getByText("Is it still available? Does the battery hold?")).toBeVisible();

  // 2. The seller's page shows it live, with the unread badge.
  await expect(seller.getByRole("link", { name: "Messages, 1 unread" }).first()).toBeVisible({ timeout: 15_000 });
  await seller.getByRole("link", { name: new RegExp(productName) }).first().click();
  await expect(thread(seller).getByText("Is it still available? Does the battery hold?")).toBeVisible();
  await expect(seller.getByRole("link", { name: "Messages", exact: true }).first()).toBeVisible();

  // 3. The seller replies; the buyer sees it without a reload.
  await seller.getByLabel("Message to Bina Buyer").fill("Yes, it holds about five hours.");
  await seller.getByLabel("Message to Bina Buyer").press("Enter");
  await expect(thread(buyer).getByText("Yes, it holds about five hours.")).toBeVisible({ timeout: 15_000 });

  // 4. The buyer offers 5,000 Tk less; the seller accepts it live.
  await buyer.getByRole("button", { name: "Make an offer" }).click();
  const offer = buyer.getByRole("dialog", { name: "Make an offer" });
  await offer.getByLabel("Your offer (Tk)").fill("55000");
  await offer.getByRole("button", { name: "Send offer" }).click();
  await expect(seller.getByRole("button", { name: "Accept", exact: true })).toBeVisible({ timeout: 15_000 });
  await shot(seller, "chat-seller-offer");
  await checkA11y(seller, "a thread with an offer, as its seller");
  await seller.getByRole("button", { name: "Accept", exact: true }).click();
  await seller.getByRole("alertdialog").getByRole("button", { name: "Accept" }).click();
  await expect(seller.getByText("Offer accepted")).toBeVisible();

  // 5. The buyer books at the offer's price and pays it.
  await expect(buyer.getByText(/The seller accepted your offer of 55,000 Tk/)).toBeVisible({ timeout: 15_000 });
  await shot(buyer, "chat-buyer-accepted");
  await checkA11y(buyer, "a thread with an accepted offer, as its buyer");
  await buyer.getByRole("button", { name: "Book at this price" }).first().click();
  const book = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await expect(book.getByLabel("Price")).toHaveValue("55,000 Tk");
  await book.getByLabel("Contact Number").fill("01812345678");
  await book.getByLabel("Meeting Location").fill("Uttara sector 7");
  await book.getByRole("radio", { name: "Card", exact: true }).check(); // #34: cash is chosen first
  await book.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();
  await buyer.goto(base() + "/dashboard/mybooking");
  const row = buyer.getByRole("row", { name: new RegExp(productName) }).first();
  await expect(row).toContainText("55,000 Tk");
  await row.getByRole("link", { name: /Pay/ }).click();
  await expect(buyer.getByText("55,000 Tk")).toBeVisible();
  await buyer.getByLabel("Card number").fill(CARD_OK);
  await buyer.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(buyer.getByText("Payment Success", { exact: true })).toBeVisible();
  expect(confirmations.map((c) => c.card)).toEqual([CARD_OK]);
  // the server charged what it agreed, not what a page could send
  const paid = await buyer.evaluate(async (email) => {
    const res = await fetch("/api/bookings?email=" + encodeURIComponent(email), { headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` } });
    return ((await res.json()) as { price: number }[]).map((b) => b.price);
  }, `chat-buyer-${stamp}@example.com`);
  expect(paid).toContain(55000);

  // 6. The buyer blocks the seller; the seller can no longer write.
  await buyer.goto(base() + "/dashboard/messages");
  await buyer.getByRole("link", { name: new RegExp(productName) }).first().click();
  await buyer.getByLabel("Conversation options").click(); // a <summary>: it has no button role
  await buyer.getByRole("button", { name: "Block Selim Seller" }).click();
  await buyer.getByRole("alertdialog").getByRole("button", { name: "Block" }).click();
  await expect(buyer.getByText("You blocked Selim Seller. Unblock them to write again.")).toBeVisible();
  await seller.getByLabel("Message to Bina Buyer").fill("Are you still there?");
  await seller.getByLabel("Message to Bina Buyer").press("Enter");
  await expect(seller.getByText("You can't write to this person: one of you has blocked the other.")).toBeVisible();
  await shot(seller, "chat-seller-blocked");
  await expect(thread(buyer).getByText("Are you still there?")).toHaveCount(0);

  await seller.context().close();
  await buyerContext.close();
});

// #32 (walk-through rows 5, 12, 20): a thread shows where the trade stands,
// live. On a 360 px phone the buyer offers from the laptop's page, books at
// the accepted price, and the thread says Booked, then (when the seller
// accepts and hands it over, through the API) Sold to you, each without a
// reload, with no booking or offer left to press; Enter adds a line on the
// phone. The sold laptop's page stays for its buyer and says sold to others.
test("the thread says Booked, then Sold, live, and offers no booking after; Make an offer from the laptop's page", async ({ browser, request }) => {
  // eight reloads for the pictures, on a machine other browsers share
  test.setTimeout(480_000);
  const stamp = String(Date.now()).slice(-6);
  const productName = `Latitude 7490 ${stamp}`;
  const sellerToken = await signUpByApi(request, { name: "Shapla Seller", email: `trade-seller-${stamp}@example.com`, role: "Seller" });
  const productId = await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 40000 });
  const buyerToken = await signUpByApi(request, { name: "Tareq Buyer", email: `trade-buyer-${stamp}@example.com`, role: "Buyer" });
  const asSeller = { Authorization: `Bearer ${sellerToken}` };
  const asBuyer = { Authorization: `Bearer ${buyerToken}` };
  const context = await signedIn(browser, buyerToken, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const buyer = await context.newPage();

  // 1. Make an offer from the laptop's page: the thread opens with it.
  await buyer.goto(`${base()}/product/${productId}`);
  await buyer.getByRole("button", { name: "Make an offer" }).click();
  const offer = buyer.getByRole("dialog", { name: "Make an offer" });
  await offer.getByLabel("Your offer (Tk)").fill("36000");
  await offer.getByRole("button", { name: "Send offer" }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/\d+$/);
  const conv = buyer.url().split("/").pop()!;
  await expect(thread(buyer).getByText("Waiting for the seller")).toBeVisible();

  // 2. On a phone Enter adds a line; the Send button sends.
  const box = buyer.getByLabel("Message to Shapla Seller");
  await box.fill("Is the charger original?");
  await box.press("Enter");
  await box.pressSequentially("And the battery?");
  await expect(box).toHaveValue("Is the charger original?\nAnd the battery?");
  await buyer.getByRole("button", { name: "Send", exact: true }).click();
  await expect(thread(buyer).getByText(/Is the charger original\?\s+And the battery\?/)).toBeVisible();

  // 3. The seller accepts the offer; the buyer books at its price.
  const messages = (await (await request.get(`${base()}/api/conversations/${conv}/messages`, { headers: asSeller })).json()) as { offer: { _id: string } | null }[];
  const offerId = messages.find((m) => m.offer)!.offer!._id;
  expect((await request.put(`${base()}/api/offers/${offerId}/accept`, { headers: asSeller })).ok()).toBe(true);
  await expect(buyer.getByRole("button", { name: "Book at this price" })).toHaveCount(1, { timeout: 15_000 });
  await buyer.getByRole("button", { name: "Book at this price" }).click();
  const book = buyer.getByRole("dialog", { name: `Book ${productName}` });
  await expect(book.getByLabel("Price")).toHaveValue("36,000 Tk");
  await book.getByLabel("Contact Number").fill("01812345678");
  await book.getByLabel("Meeting Location").fill("Multiplan, Elephant Road");
  await book.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();
  const header = buyer.getByRole("region", { name: productName }).locator("header");
  await expect(buyer.getByText("You booked this. Waiting for the seller's answer.")).toBeVisible();
  await expect(header.getByText("Booked", { exact: true })).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Book at this price" })).toHaveCount(0);

  // 4. The seller accepts the booking: the thread says so, live.
  const bookings = (await (await request.get(`${base()}/api/bookings?email=trade-buyer-${stamp}%40example.com`, { headers: asBuyer })).json()) as { _id: string; productName: string }[];
  const bookingId = bookings.find((b) => b.productName === productName)!._id;
  expect((await request.put(`${base()}/api/bookings/${bookingId}/accept`, { headers: asSeller })).ok()).toBe(true);
  await expect(buyer.getByText("You booked this and the seller accepted. Show your hand-over code when you meet.")).toBeVisible({ timeout: 15_000 });
  await expect(buyer.getByRole("link", { name: "See your booking / hand-over code" })).toHaveAttribute("href", "/dashboard/mybooking");

  // 5. The hand-over: Sold to you, live; nothing to book or offer.
  const mine = (await (await request.get(`${base()}/api/bookings?email=trade-buyer-${stamp}%40example.com`, { headers: asBuyer })).json()) as { _id: string; handoverCode?: string }[];
  const code = mine.find((b) => b._id === bookingId)!.handoverCode!;
  expect((await request.post(`${base()}/api/bookings/${bookingId}/handover`, { headers: asSeller, data: { code } })).ok()).toBe(true);
  await expect(buyer.getByText("Sold to you.")).toBeVisible({ timeout: 15_000 });
  await expect(header.getByText("Sold", { exact: true })).toBeVisible();
  await expect(header.getByText("Booked", { exact: true })).toHaveCount(0);
  await expect(buyer.getByRole("button", { name: "Book at this price" })).toHaveCount(0);
  await expect(buyer.getByRole("button", { name: "Make an offer" })).toHaveCount(0);
  await expect(buyer.getByText(/The seller accepted your offer/)).toHaveCount(0);
  // and after a reload too
  await buyer.reload();
  await expect(buyer.getByText("Sold to you.")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Book at this price" })).toHaveCount(0);
  await checkA11y(buyer, "a sold thread, as its buyer");

  // the thread at 360 and 1366, light and dark, English and Bangla
  for (const lang of ["en", "bn"]) {
    for (const theme of ["light", "dark"]) {
      await buyer.evaluate(([l, t]) => {
        localStorage.setItem("resale:lang", l!);
        localStorage.setItem("resale:theme", t!);
      }, [lang, theme]);
      for (const size of [{ width: 360, height: 740 }, WIDE]) {
        await buyer.setViewportSize(size);
        await buyer.reload();
        await expect(buyer.locator("[data-trade=soldHere]")).toBeVisible();
        await expect(buyer.getByRole("list", { name: lang === "en" ? "Messages" : /./ }).first()).toBeVisible();
        await picture(buyer, `trade-sold-thread-${size.width}-${theme}-${lang}.png`);
      }
    }
  }
  await buyer.evaluate(() => {
    localStorage.setItem("resale:lang", "en");
    localStorage.setItem("resale:theme", "light");
  });
  await buyer.setViewportSize({ width: 360, height: 740 });

  // 6. The sold laptop's page: Sold to you for its buyer, sold to anyone else.
  await buyer.goto(`${base()}/product/${productId}`);
  await expect(buyer.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await expect(buyer.getByText("Sold to you.")).toBeVisible();
  // the laptop's own Book Now is gone; other journeys' laptops of its brand may show theirs under Similar laptops
  const similar = buyer.getByRole("region", { name: "Similar laptops" });
  await expect
    .poll(async () => (await buyer.getByRole("button", { name: "Book Now" }).count()) - (await similar.getByRole("button", { name: "Book Now" }).count()))
    .toBe(0);
  await picture(buyer, "trade-sold-product-buyer-360.png", { fullPage: true });
  const stranger = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await stranger.goto(`${base()}/product/${productId}`);
  await expect(stranger.getByRole("heading", { name: "This laptop has been sold" })).toBeVisible();
  await expect(stranger.getByText("Tareq Buyer")).toHaveCount(0);
  await picture(stranger, "trade-sold-product-stranger-360.png", { fullPage: true });
  await stranger.close();
  await context.close();
});

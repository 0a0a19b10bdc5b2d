// A chat that keeps up (#37), two phones at once against the real binary:
// the buyer (360 px) taps a quick reply and sends a photo, the seller (390
// px) sees both live and reads them, and the buyer's seen mark appears
// without a reload; the buyer offers, the seller counters, the buyer
// accepts the counter offer and can book at that price. With SHOTS=1 the
// thread is pictured on both phones, light and dark, English and Bangla.
import { expect, test, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { addProductByApi, base, settle, picture, signedIn, signUpByApi } from "./helpers";
import { laptopPng } from "./png";

const SMALL = { width: 360, height: 780 };
const PHONE = { width: 390, height: 844 };

/** thread is the open conversation's list of messages. */
const thread = (page: Page) => page.getByRole("list", { name: "Messages" });

/** pictures draws the page light and dark, in English and Bangla, then leaves it light and English. */
async function pictures(page: Page, name: string) {
  for (const lang of ["en", "bn"] as const) {
    if (lang === "bn") {
      await page.evaluate(() => localStorage.setItem("resale:lang", "bn"));
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    }
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await settle(page);
      await picture(page, `${name}-${lang}-${scheme}.png`);
    }
  }
  await page.evaluate(() => localStorage.setItem("resale:lang", "en"));
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
}

test("quick reply, a photo, a counter offer accepted, and seen marks, on two phones", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const productName = `Dell Latitude 7490 ${stamp}`;
  const sellerToken = await signUpByApi(request, { name: "Shapla Seller", email: `photo-seller-${stamp}@example.com`, role: "Seller" });
  const productId = await addProductByApi(request, sellerToken, { name: productName, category: "HP", sellPrice: 60000 });
  const buyerToken = await signUpByApi(request, { name: "Rafi Buyer", email: `photo-buyer-${stamp}@example.com`, role: "Buyer" });

  // the buyer's thread starts from the product page's first message (another journey's); here through the API
  const opened = await request.post(base() + "/api/conversations", {
    headers: { Authorization: `Bearer ${buyerToken}` },
    data: { productId, text: "Hello, I saw your laptop." },
  });
  expect(opened.ok()).toBe(true);
  const threadId = ((await opened.json()) as { _id: string })._id;

  const buyer = await (await signedIn(browser, buyerToken, { viewport: SMALL, hasTouch: true })).newPage();
  const seller = await (await signedIn(browser, sellerToken, { viewport: PHONE, hasTouch: true })).newPage();
  await buyer.goto(`${base()}/dashboard/messages/${threadId}`);
  await expect(thread(buyer).getByText("Hello, I saw your laptop.")).toBeVisible();

  // 1. One tap sends a quick reply.
  const quick = buyer.getByRole("group", { name: "Quick replies" });
  await expect(quick.getByRole("button", { name: "Is it still available?" })).toBeVisible();
  await quick.getByRole("button", { name: "What is your last price?" }).click();
  await expect(thread(buyer).getByText("What is your last price?")).toBeVisible();

  // 2. A photo: picked, uploaded, sent with a few words.
  await buyer.locator('input[type="file"]').setInputFiles({ name: "scratch.png", mimeType: "image/png", buffer: laptopPng(320, 240, [180, 60, 40]) });
  const pending = buyer.getByRole("list", { name: "Photos to send" }).getByRole("listitem");
  await expect(pending).toHaveAttribute("data-status", "done");
  await buyer.getByLabel("Message to Shapla Seller").fill("Is this scratch on the lid?");
  await buyer.getByRole("button", { name: "Send", exact: true }).click();
  const sentPhoto = thread(buyer).getByRole("button", { name: "Open photo 1 of 1" });
  await expect(sentPhoto).toBeVisible();
  await expect(buyer.getByRole("list", { name: "Photos to send" })).toHaveCount(0);
  // not read yet: one tick, "Sent"
  await expect(thread(buyer).locator('[data-seen="false"]').last()).toContainText("Sent");

  // 3. The seller opens the thread: both are there, the photo opens large.
  await seller.goto(`${base()}/dashboard/messages/${threadId}`);
  await expect(thread(seller).getByText("What is your last price?")).toBeVisible();
  await thread(seller).getByRole("button", { name: "Open photo 1 of 1" }).click();
  const zoom = seller.getByRole("dialog", { name: "Photos of Rafi Buyer" });
  await expect(zoom.getByRole("img")).toBeVisible();
  await picture(seller, "chat-photo-zoom-390.png");
  await zoom.getByRole("button", { name: "Close" }).click();
  await expect(zoom).toHaveCount(0);
  // the seller has no quick replies: they are the buyer's questions
  await expect(seller.getByRole("group", { name: "Quick replies" })).toHaveCount(0);

  // 4. The seller read it: the buyer's seen mark turns live.
  await expect(thread(buyer).locator('[data-seen="true"]').last()).toContainText("Seen", { timeout: 15_000 });
  await pictures(buyer, "chat-photo-seen-buyer-360");

  // 5. The buyer offers 50,000; the seller counters with 55,000.
  await buyer.getByRole("button", { name: "Make an offer" }).click();
  const offer = buyer.getByRole("dialog", { name: "Make an offer" });
  await offer.getByLabel("Your offer (Tk)").fill("50000");
  await offer.getByRole("button", { name: "Send offer" }).click();
  await expect(seller.getByRole("button", { name: "Counter", exact: true })).toBeVisible({ timeout: 15_000 });
  await seller.getByRole("button", { name: "Counter", exact: true }).click();
  const counter = seller.getByRole("dialog", { name: "Counter offer" });
  await counter.getByLabel("Your price (Tk)").fill("50000");
  await counter.getByRole("button", { name: "Send counter offer" }).click();
  await expect(counter.getByText(/Enter a whole amount from 50,001 Tk to 60,000 Tk/)).toBeVisible();
  await counter.getByLabel("Your price (Tk)").fill("55000");
  await counter.getByRole("button", { name: "Send counter offer" }).click();
  await expect(counter).toHaveCount(0);
  await expect(thread(seller).getByText("The seller countered")).toBeVisible();
  await expect(thread(seller).getByText("Waiting for the buyer")).toBeVisible();

  // 6. The buyer sees the counter offer live and accepts it.
  await expect(thread(buyer).getByText("Counter offer", { exact: true })).toBeVisible({ timeout: 15_000 });
  await checkA11y(buyer, "a thread with a counter offer, as its buyer");
  await pictures(buyer, "chat-counter-buyer-360");
  await thread(buyer).getByRole("button", { name: "Accept", exact: true }).click();
  await buyer.getByRole("alertdialog").getByRole("button", { name: "Accept" }).click();
  await expect(buyer.getByText(/You accepted the seller's counter offer of 55,000 Tk/)).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Book at this price" })).toBeVisible();
  await expect(seller.getByText(/The buyer accepted your counter offer of 55,000 Tk/)).toBeVisible({ timeout: 15_000 });
  await pictures(seller, "chat-counter-seller-390");
  await buyer.setViewportSize(PHONE);
  await pictures(buyer, "chat-counter-buyer-390");
  await seller.setViewportSize(SMALL);
  await pictures(seller, "chat-counter-seller-360");
  // closed, or both phones stay open on the worker's browser for the
  // journeys after this one, their live threads and service workers too
  for (const p of [buyer, seller]) await p.context().close();
});

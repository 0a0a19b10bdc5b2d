// Reviews and seller pages (#20) against the real binary: a buyer books a
// laptop, the hand-over completes, the bell asks the buyer to review the
// seller, the buyer does, the seller replies on their page, a visitor sees
// the rating on the seller page and on the seller's other laptop's card,
// and an admin removes the review with a reason the audit log shows.
// The seller page checked for overflow at 360 and 1366 px in English and
// Bangla, and dark at 360 px; pictured in every combination with SHOTS=1.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { addProductByApi, adminByApi, base, settle, signedIn, signUpByApi, picture, SHOTS } from "./helpers";

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 360, height: 780 };

/** cardOf is a laptop's card on a list, scoped to its own article. */
const cardOf = (page: Page, name: string) => page.getByRole("article", { name });

async function open(browser: Browser, init?: { theme?: string; lang?: string }) {
  const context = await browser.newContext({ viewport: WIDE });
  if (init) {
    await context.addInitScript((v) => {
      if (v.theme) localStorage.setItem("resale:theme", v.theme);
      if (v.lang) localStorage.setItem("resale:lang", v.lang);
    }, init);
  }
  return context.newPage();
}

/** api calls the API as the page's signed-in user. */
async function api(page: Page, method: string, path: string): Promise<number> {
  return page.evaluate(
    async ([m, p]) => (await fetch(p!, { method: m, headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` } })).status,
    [method, path],
  );
}

test("a buyer reviews the seller after the hand-over; the seller replies; an admin removes it", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}`.slice(-7);
  const sold = `MacBook Revu ${stamp} sold`;
  const other = `MacBook Revu ${stamp} other`;
  const sellerName = `Rumana Review ${stamp}`;
  // 1. A seller lists two laptops; a buyer books one from its product page
  // (signing up and Add Product are other journeys').
  const sellerToken = await signUpByApi(request, { name: sellerName, email: `review-seller-${stamp}@example.com`, role: "Seller" });
  await addProductByApi(request, sellerToken, { name: sold, category: "APPLE", sellPrice: 47_311 });
  await addProductByApi(request, sellerToken, { name: other, category: "APPLE", sellPrice: 47_322 });
  const buyerToken = await signUpByApi(request, { name: `Bithi Buyer ${stamp}`, email: `review-buyer-${stamp}@example.com`, role: "Buyer" });
  const [seller, buyer] = await Promise.all([
    signedIn(browser, sellerToken, { viewport: WIDE }).then((c) => c.newPage()),
    signedIn(browser, buyerToken, { viewport: WIDE }).then((c) => c.newPage()),
  ]);
  await buyer.goto(base() + `/search?q=${encodeURIComponent(`Revu ${stamp}`)}`);
  const soldCard = cardOf(buyer, sold);
  // the card's seller name leads to the seller's page
  const sellerHref = await soldCard.getByRole("link", { name: sellerName }).getAttribute("href");
  expect(sellerHref).toMatch(/^\/seller\/\d+$/);
  await soldCard.getByRole("button", { name: "Book Now" }).click();
  const booking = buyer.getByRole("dialog", { name: `Book ${sold}` });
  await booking.getByLabel("Contact Number").fill("01812345678");
  await booking.getByLabel("Meeting Location").fill("Dhanmondi 27, Dhaka");
  await booking.getByRole("button", { name: "Submit" }).click();
  await expect(buyer.getByText("Book Success")).toBeVisible();

  // 2. The seller accepts; the buyer's code completes the hand-over.
  await seller.goto(base() + "/dashboard/leads");
  const lead = seller.getByRole("row", { name: new RegExp(`Bithi Buyer ${stamp}`) });
  await lead.getByRole("button", { name: /^Accept the booking of/ }).click();
  await seller.getByRole("alertdialog", { name: "Accept this booking?" }).getByRole("button", { name: "Accept" }).click();
  await expect(lead).toContainText("Accepted");
  await buyer.goto(base() + "/dashboard/mybooking");
  const codeBox = buyer.getByRole("region", { name: `Hand-over code for ${sold}` });
  const code = (await codeBox.locator(".font-mono").innerText()).replace(/\D/g, "");
  await lead.getByRole("button", { name: /^Confirm the hand-over of/ }).click();
  const handover = seller.getByRole("dialog", { name: "Confirm hand-over" });
  await handover.getByLabel("Hand-over code").fill(code);
  await handover.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(lead).toContainText("Completed");

  // 3. The bell asks the buyer to review; its link opens the review on My Booking.
  await buyer.goto(base() + "/notifications");
  await buyer.getByText(`How was your purchase? ${sold}`).click();
  await expect(buyer).toHaveURL(/\/dashboard\/mybooking\?review=\d+$/);
  const dialog = buyer.getByRole("dialog", { name: "Review the seller" });
  await expect(dialog).toContainText(sold);
  await dialog.getByRole("button", { name: "Send review" }).click();
  await expect(dialog.getByText("Pick from 1 to 5 stars")).toBeVisible();
  await dialog.getByRole("radio", { name: "4 out of 5 stars" }).check();
  await dialog.getByLabel("Your review").fill("Exactly as described, and on time at Dhanmondi.");
  await dialog.getByRole("button", { name: "Send review" }).click();
  await expect(buyer.getByText("Thank you! Your review is on the seller's page.")).toBeVisible();
  const row = buyer.getByRole("row", { name: new RegExp(sold) }).first();
  await expect(row).toContainText("You reviewed the seller");
  await expect(row.getByRole("button", { name: "Write a review" })).toHaveCount(0);

  // 4. The seller is told, and replies once on their own page.
  await seller.goto(base() + "/notifications");
  await seller.getByText("New review: 4 out of 5").click();
  await expect(seller).toHaveURL(new RegExp(`${sellerHref}$`));
  const reviews = seller.getByRole("region", { name: "Reviews" });
  await expect(reviews).toContainText("Exactly as described, and on time at Dhanmondi.");
  await reviews.getByRole("button", { name: "Reply" }).click();
  const replyDialog = seller.getByRole("dialog", { name: "Reply to this review" });
  await replyDialog.getByLabel("Your reply").fill("Thank you, Bithi! Enjoy the MacBook.");
  await replyDialog.getByRole("button", { name: "Send reply" }).click();
  await expect(reviews).toContainText("Thank you, Bithi! Enjoy the MacBook.");
  await expect(reviews.getByRole("button", { name: "Reply" })).toHaveCount(0);

  // 5. A visitor sees the rating on the seller page and on the other laptop's card.
  const visitor = await open(browser);
  await visitor.goto(base() + sellerHref!);
  await expect(visitor.getByRole("heading", { level: 1, name: new RegExp(sellerName) })).toBeVisible();
  await expect(visitor.getByText("4.0 out of 5, 1 review").first()).toBeAttached();
  await expect(visitor.getByRole("region", { name: "Reviews" })).toContainText("Thank you, Bithi! Enjoy the MacBook.");
  await expect(cardOf(visitor, other)).toBeVisible(); // the laptop still on sale, on its seller's page
  await expect(cardOf(visitor, sold)).toHaveCount(0);
  await visitor.goto(base() + `/search?q=${encodeURIComponent(`Revu ${stamp}`)}`);
  await expect(cardOf(visitor, other).getByRole("img", { name: "Seller rating 4.0 out of 5, reviews: 1" })).toBeVisible();
  // and on the product page
  await cardOf(visitor, other).getByRole("link", { name: other }).first().click();
  await expect(visitor.getByRole("link", { name: sellerName })).toHaveAttribute("href", sellerHref!);
  await expect(visitor.getByText("4.0 out of 5, 1 review")).toBeAttached();

  // 6. The seller page, looked at: 360 and 1366 px, English and Bangla,
  // and dark at 360 px in English (it changes colours, not sizes, as in
  // layout.spec.ts); every combination with SHOTS=1.
  for (const lang of ["en", "bn"]) {
    for (const theme of ["light", "dark"]) {
      if (!SHOTS && theme === "dark" && lang !== "en") continue;
      const p = await open(browser, { theme, lang });
      for (const [size, name] of [
        [NARROW, "360"],
        [WIDE, "1366"],
      ] as const) {
        if (!SHOTS && theme === "dark" && size !== NARROW) continue;
        await p.setViewportSize(size);
        await p.goto(base() + sellerHref!);
        await expect(p.getByRole("heading", { level: 1, name: new RegExp(sellerName) })).toBeVisible();
        await expect(cardOf(p, other)).toBeVisible();
        await settle(p);
        await picture(p, `seller-page-${name}-${theme}-${lang}.png`, { fullPage: true });
        // nothing sticks out sideways
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} ${theme} ${lang}`).toBeLessThanOrEqual(0);
      }
      await p.context().close();
    }
  }

  // 7. An admin removes the review with a reason; the audit log shows it.
  const adminEmail = `review-admin-${stamp}@example.com`;
  const admin = await (await signedIn(browser, await adminByApi(request, { name: `Arif Admin ${stamp}`, email: adminEmail }), { viewport: WIDE })).newPage();
  await admin.goto(base() + sellerHref!);
  const adminReviews = admin.getByRole("region", { name: "Reviews" });
  await adminReviews.getByRole("button", { name: "Remove review" }).click();
  const remove = admin.getByRole("alertdialog", { name: "Remove this review?" });
  await remove.getByLabel("Reason").fill(`Journey check ${stamp}`);
  await remove.getByRole("button", { name: "Remove review" }).click();
  await expect(admin.getByText("Review removed")).toBeVisible();
  await expect(adminReviews).toContainText("No reviews yet. Buyers review a seller after a completed sale.");
  await admin.goto(base() + "/dashboard/audit");
  const entry = admin.getByRole("row", { name: new RegExp(`Journey check ${stamp}`) });
  await expect(entry).toContainText("Removed a review");
  await expect(entry).toContainText(sellerName);
  await picture(admin, "audit-review-removed-1366.png", { fullPage: true });

  // the card no longer shows a rating
  await visitor.goto(base() + `/search?q=${encodeURIComponent(`Revu ${stamp}`)}`);
  await expect(cardOf(visitor, other)).toBeVisible();
  await expect(cardOf(visitor, other).getByRole("img", { name: /^Seller rating/ })).toHaveCount(0);

  // leave the catalogue as it was: the laptop still listed goes
  await seller.goto(base() + "/dashboard/myproducts");
  const otherId = await visitor.evaluate(
    async (q) => ((await (await fetch(`/api/products?q=${encodeURIComponent(q)}`)).json()) as { _id: string; productName: string }[])[0]?._id ?? "",
    `Revu ${stamp} other`,
  );
  expect(await api(seller, "DELETE", `/api/products/${otherId}`)).toBe(200);
  for (const p of [seller, buyer, visitor, admin]) await p.context().close();
});

// Saved searches (#20): a buyer saves a search with words nobody else
// uses and a price bound, a seller lists a matching laptop, the matching
// job tells the buyer at once, and the notice leads to the laptop; the
// buyer deletes the saved search and the seller the laptop. Screenshots of
// the dialog and the page at 360 and 1366 px, light and dark, English and
// Bangla, with SHOTS=1 (without, each is checked for overflow at both
// widths in both languages, and dark at 360 px).
import { expect, test, type Page } from "@playwright/test";
import { addProduct, base, settle, signedIn, signUpByApi, picture, SHOTS } from "./helpers";

/**
 * shots checks the page (or the open dialog) at 360 and 1366 px, English
 * and Bangla, and dark at 360 px in English: the dark theme changes
 * colours, not sizes (as in layout.spec.ts). With SHOTS=1 every
 * combination, light and dark, is checked and pictured.
 */
async function shots(page: Page, name: string, reopen?: () => Promise<void>) {
  const before = page.viewportSize();
  for (const lang of ["en", "bn"] as const) {
    for (const theme of ["light", "dark"] as const) {
      if (!SHOTS && theme === "dark" && lang !== "en") continue;
      await page.evaluate(([l, th]) => {
        localStorage.setItem("resale:lang", l);
        localStorage.setItem("resale:theme", th);
      }, [lang, theme]);
      await page.reload();
      if (reopen) await reopen();
      // the width changes in place, as a turned phone's does
      for (const width of [360, 1366]) {
        if (!SHOTS && theme === "dark" && width !== 360) continue;
        await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
        await settle(page);
        await picture(page, `${name}-${width}-${theme}-${lang}.png`, { fullPage: !reopen });
        // nothing sticks out sideways
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(wide, `${name} at ${width} px, ${theme}, ${lang}`).toBeLessThanOrEqual(0);
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("resale:lang", "en");
    localStorage.removeItem("resale:theme");
  });
  if (before) await page.setViewportSize(before);
  await page.reload();
}

test("a buyer saves a search, hears of a matching laptop at once, follows the notice to it and deletes the search", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const word = `zephyr${String(stamp).slice(-7)}`;
  const productName = `MacBook Air ${word}`;
  const searchUrl = `/search?q=${word}&maxPrice=80000`;

  // 1. A buyer searches for words nobody uses, under 80,000 Tk, and saves the search.
  // (signing up is another journey's: here through the API)
  const buyerToken = await signUpByApi(request, { name: "Saver Buyer", email: `saver-${stamp}@example.com`, role: "Buyer" });
  const buyerContext = await signedIn(browser, buyerToken, { viewport: { width: 1366, height: 900 } });
  const buyer = await buyerContext.newPage();
  await buyer.goto(base() + searchUrl);
  await expect(buyer.getByRole("heading", { level: 1, name: `Results for “${word}”` })).toBeVisible();
  const open = async () => {
    await buyer.getByRole("button", { name: /Save this search|এই অনুসন্ধান সংরক্ষণ করুন/ }).click();
    await expect(buyer.getByRole("dialog")).toBeVisible();
  };
  await shots(buyer, "save-search-dialog", open);
  await open();
  const dialog = buyer.getByRole("dialog", { name: "Save this search" });
  await expect(dialog.getByText(`“${word}”`)).toBeVisible();
  await expect(dialog.getByText("up to 80,000 Tk")).toBeVisible();
  await dialog.getByRole("radio", { name: /At once/ }).check();
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(buyer.getByText("Search saved. We'll tell you about new laptops that match.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // 2. A seller lists a laptop with those words at 65,000 Tk.
  const sellerToken = await signUpByApi(request, { name: "Saver Seller", email: `saver-seller-${stamp}@example.com`, role: "Seller" });
  const sellerContext = await signedIn(browser, sellerToken, { viewport: { width: 1366, height: 900 } });
  const seller = await sellerContext.newPage();
  await addProduct(seller, { name: productName, category: "APPLE", sellPrice: 65000 });

  // 3. The matching job tells the buyer; the notice leads to the laptop.
  const notice = buyer.getByRole("button", { name: new RegExp(`New match for “${word}, ≤ 80,000 Tk”`) });
  await expect(async () => {
    await buyer.goto(base() + "/notifications");
    await expect(notice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(notice).toContainText(`${productName} was just listed`);
  await notice.click();
  await expect(buyer).toHaveURL(/\/product\/\d+$/);
  await expect(buyer.getByRole("heading", { level: 1, name: productName })).toBeVisible();

  // 4. The Saved searches page lists it; the buyer deletes it after a question.
  await buyer.goto(base() + "/dashboard");
  await buyer.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Saved searches" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Saved searches" })).toBeVisible();
  const row = buyer.getByRole("listitem", { name: `“${word}” · up to 80,000 Tk` });
  await expect(row).toContainText("At once");
  await expect(row.getByRole("link", { name: /Run search/ })).toHaveAttribute("href", `/search?maxPrice=80000&q=${word}`);
  await shots(buyer, "saved-searches-page");
  await row.getByRole("button", { name: /Delete saved search/ }).click();
  await buyer.getByRole("alertdialog", { name: "Delete this saved search?" }).getByRole("button", { name: "Delete" }).click();
  await expect(buyer.getByText("Saved search deleted.")).toBeVisible();
  await expect(buyer.getByText("No saved searches yet")).toBeVisible();

  // 5. The seller deletes the laptop: the catalogue as it was.
  await seller.goto(base() + "/dashboard/myproducts");
  const myRow = seller.getByRole("row", { name: new RegExp(productName) });
  await myRow.getByRole("button", { name: /Delete/ }).click();
  await seller.getByRole("alertdialog", { name: "Are you sure Delete this Product" }).getByRole("button", { name: "Delete" }).click();
  await expect(seller.getByText("Delete Success")).toBeVisible();
  await buyerContext.close();
  await sellerContext.close();
});

// The price guide's reference catalogue, the admin's side (#39): from the
// dashboard's menu the admin sees the shipped catalogue in use, uploads a
// CSV with bad lines (each one listed, nothing changed), then a good one
// that extends the shipped catalogue (the price guide follows at once),
// downloads the catalogue in use, and goes back to the shipped one. The
// upload names a maker of its own ("Zorvex"), so it moves the other
// titles' prices little (priceguide's TestEstimateSteadyWhenExtended), and
// the shipped catalogue is back at the end; the price-guide journey, which
// reads exact prices, waits for it (catalogueTest).
import { readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { catalogueTest as test, adminByApi, base, picture, settle, signedIn } from "./helpers";

const SMALL = { width: 360, height: 800 };
const WIDE = { width: 1366, height: 900 };
const TITLE = "Zorvex Aero 14 Core i5 12th Gen 8GB RAM 512GB SSD";

/** newPrice is what the price guide says TITLE costs new. */
async function newPrice(api: APIRequestContext): Promise<number | null> {
  const res = await api.get(base() + "/api/price-guide?title=" + encodeURIComponent(TITLE));
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { newPrice: number | null }).newPrice;
}

/** shoot pictures the page at `size`, checking nothing is wider than the window. */
async function shoot(page: Page, size: { width: number; height: number }, file: string) {
  await page.setViewportSize(size);
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  await picture(page, file, { fullPage: true, animations: "disabled" });
}

test("an admin uploads a reference catalogue, sees its bad lines, extends the shipped one, downloads it and goes back", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-7);
  const token = await adminByApi(request, { name: `Rina Admin ${stamp}`, email: `price-reference-${stamp}@example.com` });
  const shipped = await newPrice(request);
  expect(shipped).not.toBeNull();

  const context = await signedIn(browser, token, { viewport: WIDE, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(base() + "/dashboard/overview");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Price reference", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Price reference" })).toBeVisible();
  const now = page.getByRole("region", { name: "In use now" });
  await expect(now).toContainText("The catalogue shipped with the shop");
  await shoot(page, WIDE, "price-reference-1366.png");
  await shoot(page, SMALL, "price-reference-360.png");

  // a file with bad lines: each listed, nothing changed
  const bad = "title,brand,price_tk\r\nZorvex Aero 10 Core i5 12th Gen 8GB RAM 512GB SSD,Zorvex,-5\r\nZorvex 15\" FHD,Zorvex,300000\r\n,Zorvex,300000\r\n";
  await page.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const lines = page.getByRole("list", { name: "Lines to fix" }).getByRole("listitem");
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toContainText("Line 2: price_tk");
  await expect(lines.nth(2)).toContainText("Line 4: title: is required");
  await shoot(page, SMALL, "price-reference-refused-360.png");
  await expect(now).toContainText("The catalogue shipped with the shop");
  expect(await newPrice(request)).toBe(shipped);

  // a good one extends the shipped catalogue: the guide follows at once
  const good = "\uFEFFtitle,brand,price_tk\r\n" + [10, 11, 12].map((n) => `Zorvex Aero ${n} Core i5 12th Gen 8GB RAM 512GB SSD,Zorvex,"৩,০০,০০০"`).join("\r\n") + "\r\n";
  await page.getByLabel("CSV file").setInputFiles({ name: "zorvex.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Uploaded 3 laptops, 3 with a price: the price guide uses them now.")).toBeVisible();
  await expect(now).toContainText("Your upload, added to the shipped catalogue");
  await expect(now).toContainText(`by Rina Admin ${stamp}`);
  expect(await newPrice(request)).toBeGreaterThan(2 * shipped!);
  await shoot(page, WIDE, "price-reference-extended-1366.png");

  // the download is the catalogue in use, ready for a spreadsheet
  const [download] = await Promise.all([page.waitForEvent("download"), now.getByRole("button", { name: "Download the catalogue in use (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^price-reference-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFFtitle,brand,model,processor,ram,graphics,os,weight,price_tk\n")).toBe(true);
  expect(text).toContain("Zorvex Aero 12 Core i5 12th Gen 8GB RAM 512GB SSD,Zorvex,,,,,,,300000");

  // back to the shipped catalogue, after a confirmation
  await now.getByRole("button", { name: "Use the shipped catalogue" }).click();
  await page.getByRole("alertdialog", { name: "Use the shipped catalogue?" }).getByRole("button", { name: "Use the shipped catalogue" }).click();
  await expect(now).toContainText("The catalogue shipped with the shop");
  expect(await newPrice(request)).toBe(shipped);
  await context.close();
});

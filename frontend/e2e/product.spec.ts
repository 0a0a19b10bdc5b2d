// A product's own page against the real binary: a visitor opens it from a
// card, sees the laptop without signing in, and the page's HTML carries
// the link-preview tags the server filled in for it.
import { expect, test } from "@playwright/test";
import { addProductByApi, base, DESKTOP, PHONE, signUpByApi } from "./helpers";

test("a visitor opens a laptop's page from its card, and its link previews the laptop", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  // letters only, so the search sees one word
  const tag = Array.from(String(stamp).slice(-6), (d) => "abcdefghij"[Number(d)]).join("");
  const name = `Osprey ${tag[0]!.toUpperCase()}${tag.slice(1)} 14`;

  // signing up and Add Product are other journeys': here through the API
  const token = await signUpByApi(request, { name: "Page Seller", email: `page-seller-${stamp}@example.com`, role: "Seller" });
  // APPLE: the journeys that empty a brand's page use HP and WALTON
  const id = await addProductByApi(request, token, { name, category: "APPLE", sellPrice: 45000 });

  // a signed-out visitor finds it and opens it from the card's name
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${base()}/search?q=${encodeURIComponent(name)}`);
  const card = visitor.getByRole("article", { name });
  await card.getByRole("heading", { name }).getByRole("link").click();
  await expect(visitor).toHaveURL(/\/product\/\d+$/);
  const url = visitor.url();

  const page = visitor.getByRole("article", { name });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("45,000 Tk")).toBeVisible();
  await expect(page.getByText("90,000 Tk")).toBeVisible();
  await expect(page.getByText("Page Seller")).toBeVisible();
  await expect(page.getByText("Uttara, Dhaka")).toBeVisible();
  await expect(page.getByRole("img", { name })).toBeVisible();
  await expect(visitor).toHaveTitle(`${name} – 45,000 Tk | Resale`);

  // the HTML itself, as a chat app's link preview fetches it
  const res = await visitor.request.get(url);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const meta = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
  expect(meta("og:title")).toBe(name);
  expect(meta("og:description")).toBe("45,000 Tk · Good condition · Uttara, Dhaka");
  expect(meta("og:url")).toBe(url);
  expect(meta("og:image")).toMatch(/^http:\/\/[^/]+\/uploads\/[0-9a-f]+\.jpg$/);

  // booking it asks the visitor to log in first
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(visitor).toHaveURL(/\/login$/);

  // leave the shared catalogue as it was for the other journeys
  expect(new URL(url).pathname).toBe(`/product/${id}`);
  expect((await request.delete(`${base()}/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
  await visitorContext.close();
});

test("a laptop opened from the long home page opens at its top, with Book Now in view on a phone, and Back returns to the same place", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `Scroll Test ${stamp}`;
  const token = await signUpByApi(request, { name: "Scroll Seller", email: `scroll-seller-${stamp}@example.com`, role: "Seller" });
  const id = await addProductByApi(request, token, { name, category: "APPLE", sellPrice: 30000 });

  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${base()}/`);
  // far down the home page, to the Apple section, the way a thumb does
  const card = visitor.getByRole("article", { name });
  for (let i = 0; i < 40 && !(await card.isVisible()); i++) await visitor.mouse.wheel(0, 500);
  await card.scrollIntoViewIfNeeded();
  const homeY = await visitor.evaluate(() => window.scrollY);
  // a phone's compact rows (#37) made home far shorter: the Apple section is still well down the page
  expect(homeY).toBeGreaterThan(300);

  await card.getByRole("heading", { name }).getByRole("link").click();
  await expect(visitor).toHaveURL(/\/product\/\d+$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(await visitor.evaluate(() => window.scrollY)).toBe(0);
  // on a phone Book Now is in the bar fixed at the bottom (#37)
  await expect(visitor.getByRole("region", { name: "Call, chat or book" }).getByRole("button", { name: "Book Now" })).toBeInViewport();
  const url = visitor.url();

  await visitor.goBack();
  await expect(visitor.getByRole("article", { name })).toBeVisible();
  await expect.poll(() => visitor.evaluate(() => window.scrollY)).toBeGreaterThan(homeY - 50);
  expect(Math.abs((await visitor.evaluate(() => window.scrollY)) - homeY)).toBeLessThan(50);

  // leave the shared catalogue as it was for the other journeys
  expect(new URL(url).pathname).toBe(`/product/${id}`);
  expect((await request.delete(`${base()}/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
  await visitorContext.close();
});

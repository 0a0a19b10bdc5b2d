// Search and browsing against the real binary: a seller lists two laptops,
// a visitor finds one of them from the header search (desktop and phone),
// and a brand's page sorts and filters them with the state in the URL, so
// Back brings the previous list again. More laptops than a page holds come
// a page at a time, through the server's Link header.
import { expect, test, type Page } from "@playwright/test";
import { addProduct, addProductByApi, atPhoneWidth, base, DESKTOP, PHONE, signUp, signUpByApi, picture } from "./helpers";
import { laptopPng } from "./png";

/** The names of the cards on the page that belong to this run, in order. */
const ours = (page: Page, tag: string) => page.getByRole("article").filter({ hasText: tag }).locator("h3");

/** A word of letters only from the clock's last six digits, so the search sees one word: e.g. "gabeih". */
function tagOf(stamp: number, letters = "abcdefghij"): string {
  return Array.from(String(stamp).slice(-6), (d) => letters[Number(d)]).join("");
}

// The journey was one until CI's slow machine ran it past two minutes: the
// header search, a search longer than a page, and a brand's page are three,
// each with room to spare.
test("a visitor finds a laptop from the header, misspelt or not, on a desktop and a phone", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const tag = tagOf(stamp);
  const Tag = tag[0]!.toUpperCase() + tag.slice(1);
  const cheap = `Falcon ${Tag} Air`;
  const dear = `Heron ${Tag} Pro`;

  // A seller lists two WALTON laptops with distinct names (listing from the
  // dashboard is the brand's page journey's, below).
  const token = await signUpByApi(request, { name: "Search Seller", email: `search-seller-${stamp}@example.com`, role: "Seller" });
  const ids = [
    await addProductByApi(request, token, { name: cheap, category: "WALTON", sellPrice: 31000 }),
    await addProductByApi(request, token, { name: dear, category: "WALTON", sellPrice: 64000 }),
  ];

  // A signed-out visitor types the start of one name into the header search.
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(base() + "/");
  const words = `Falcon ${Tag.slice(0, 3)}`;
  const box = visitor.getByRole("banner").getByRole("combobox", { name: "Search laptops" });
  await box.fill(words);
  await box.press("Enter");
  await expect(visitor).toHaveURL(new RegExp(`/search\\?q=Falcon\\+${Tag.slice(0, 3)}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Results for “${words}”`);
  await expect(visitor.getByRole("article", { name: cheap })).toBeVisible();
  await expect(visitor.getByRole("article")).toHaveCount(1);
  await expect(visitor.getByRole("article", { name: dear })).toHaveCount(0);
  await expect(box).toHaveValue(words);
  await picture(visitor, "search-desktop.png", { fullPage: true });

  // A misspelt word no listing has is searched as the nearest one listings have.
  await box.fill(`Falcno ${Tag}`);
  await box.press("Enter");
  await expect(visitor.getByText(`Nothing matches “Falcno ${Tag}”. Showing results for “falcon ${tag}”.`)).toBeVisible();
  await expect(visitor.getByRole("article", { name: cheap })).toBeVisible();
  await expect(visitor.getByRole("article")).toHaveCount(1);
  await expect(visitor.getByText("1 laptop", { exact: true })).toBeVisible();
  await visitorContext.close();

  // On a phone the search opens from an icon; the filters fold behind a button.
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  await phone.goto(base() + "/");
  const phoneBox = phone.getByRole("combobox", { name: "Search laptops" });
  await expect(phoneBox).toBeHidden();
  await phone.getByRole("button", { name: "Show search" }).click();
  await expect(phoneBox).toBeFocused();
  await phoneBox.fill(`heron ${tag.slice(0, 4)}`);
  await phoneBox.press("Enter");
  await expect(phone.getByRole("article", { name: dear })).toBeVisible();
  await expect(phone.getByRole("article")).toHaveCount(1);
  await expect(phone.getByLabel("Min price (Tk)")).toBeHidden();
  await atPhoneWidth(phone, "search-phone.png");
  await phone.getByRole("button", { name: /^Filters/ }).click();
  await expect(phone.getByRole("dialog").getByLabel("Min price (Tk)")).toBeVisible();
  await atPhoneWidth(phone, "search-phone-filters-open.png");
  await phoneContext.close();

  for (const id of ids) {
    expect((await request.delete(`${base()}/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
  }
});

// One after the other: the search longer than a page lists 26 WALTON
// laptops, which would crowd the brand's page journey's two off its first page.
test.describe.serial("WALTON, one journey at a time", () => {
  test("a search with more matches than a page shows 24, then the rest on Load more, through the server's Link header", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const bulk = `Kite${tagOf(stamp, "klmnopqrst")}`;
    const token = await signUpByApi(request, { name: "Bulk Seller", email: `bulk-seller-${stamp}@example.com`, role: "Seller" });
    const auth = { Authorization: `Bearer ${token}` };
    // More than a page (24), straight through the API, with one photo;
    // deleted again once seen.
    const image = await request.post(base() + "/api/images", {
      headers: auth,
      multipart: { image: { name: "kite.png", mimeType: "image/png", buffer: laptopPng(320, 240) } },
    });
    expect(image.ok()).toBe(true);
    const photoUrl = ((await image.json()) as { data: { url: string } }).data.url;
    const bulkIds: string[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await request.post(base() + "/api/products", {
        headers: auth,
        data: {
          productName: `${bulk} ${i}`,
          picture: photoUrl,
          sellPrice: 90000 + i,
          orginalPrice: 150000,
          category: "WALTON",
          condition: "fair",
          location: "Gazipur",
          used: "3",
          number: "01712345678",
          description: "One of many.",
        },
      });
      expect(res.status()).toBe(201);
      bulkIds.push(((await res.json()) as { insertedId: string }).insertedId);
    }

    const visitorContext = await browser.newContext({ viewport: DESKTOP });
    const visitor = await visitorContext.newPage();
    await visitor.goto(base() + "/");
    const box = visitor.getByRole("banner").getByRole("combobox", { name: "Search laptops" });
    await box.fill(bulk.toLowerCase());
    await box.press("Enter");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Results for “${bulk.toLowerCase()}”`);
    await expect(visitor.getByRole("article")).toHaveCount(24);
    await expect(visitor.getByText("26 laptops", { exact: true })).toBeVisible();
    const nextPages: string[] = [];
    visitor.on("request", (r) => {
      if (r.url().includes("/api/products?") && r.url().includes("cursor=")) nextPages.push(r.url());
    });
    await visitor.getByRole("button", { name: "Load more" }).click();
    await expect(visitor.getByRole("article")).toHaveCount(26);
    await expect(visitor.getByRole("button", { name: "Load more" })).toHaveCount(0);
    expect(nextPages).toHaveLength(1);
    await visitorContext.close();
    for (const id of bulkIds) {
      expect((await request.delete(`${base()}/api/products/${id}`, { headers: auth })).ok()).toBe(true);
    }
  });

  test("a brand's page sorts and filters through the URL, and Back brings the previous list again", async ({ browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const tag = tagOf(stamp);
    const Tag = tag[0]!.toUpperCase() + tag.slice(1);
    // not Falcon and Heron: the header search above looks for those
    const cheap = `Plover ${Tag} Air`;
    const dear = `Egret ${Tag} Pro`;

    // A seller lists two WALTON laptops from the dashboard.
    const sellerContext = await browser.newContext({ viewport: DESKTOP });
    const seller = await sellerContext.newPage();
    await signUp(seller, { name: "Brand Seller", email: `brand-seller-${stamp}@example.com`, role: "Seller" });
    await addProduct(seller, { name: cheap, category: "WALTON", sellPrice: 31000 });
    await addProduct(seller, { name: dear, category: "WALTON", sellPrice: 64000 });

    // On the brand's page (signed in), sort by price both ways.
    await seller.goto(base() + "/");
    await seller.getByRole("main").getByRole("link", { name: "WALTON", exact: true }).click();
    await expect(seller).toHaveURL(/\/categorys\/\d+$/);
    const categoryUrl = seller.url();
    await expect(ours(seller, tag)).toHaveText([dear, cheap]); // newest first

    const sort = seller.getByLabel("Sort by");
    await sort.selectOption({ label: "Price: low to high" });
    await expect(seller).toHaveURL(/\?sort=price_asc$/);
    await expect(ours(seller, tag)).toHaveText([cheap, dear]);
    await sort.selectOption({ label: "Price: high to low" });
    await expect(seller).toHaveURL(/\?sort=price_desc$/);
    await expect(ours(seller, tag)).toHaveText([dear, cheap]);

    // A price filter drops the dearer one; the URL holds both choices.
    await seller.getByLabel("Max price (Tk)").fill("40000");
    await seller.getByLabel("Max price (Tk)").press("Enter");
    await expect(seller).toHaveURL(/\?sort=price_desc&maxPrice=40000$/);
    await expect(ours(seller, tag)).toHaveText([cheap]);
    await picture(seller, "category-filtered-desktop.png", { fullPage: true });

    // The shared address opens the same list.
    const shared = seller.url();
    const again = await sellerContext.newPage();
    await again.goto(shared);
    await expect(ours(again, tag)).toHaveText([cheap]);
    await expect(again.getByRole("textbox", { name: "Max price (Tk)" })).toHaveValue("40000");
    await expect(again.getByLabel("Sort by")).toHaveValue("price_desc");
    await again.close();

    // Back restores the previous results, one step at a time.
    await seller.goBack();
    await expect(seller).toHaveURL(/\?sort=price_desc$/);
    await expect(ours(seller, tag)).toHaveText([dear, cheap]);
    await expect(seller.getByRole("textbox", { name: "Max price (Tk)" })).toHaveValue("");
    await seller.goBack();
    await expect(seller).toHaveURL(/\?sort=price_asc$/);
    await expect(ours(seller, tag)).toHaveText([cheap, dear]);
    await seller.goForward();
    await seller.goForward();
    await expect(ours(seller, tag)).toHaveText([cheap]);

    // A filter that matches nothing says so.
    await seller.goto(categoryUrl + "?minPrice=99999999");
    await expect(seller.getByText("No Available Product")).toBeVisible();
    await expect(seller.getByText("Try clearing the filters.")).toBeVisible();
    await seller.getByRole("button", { name: "Clear filters" }).click();
    await expect(seller).toHaveURL(categoryUrl);
    await expect(ours(seller, tag)).toHaveText([dear, cheap]);

    // The brand's page on a phone: the filters start folded.
    await seller.goto(shared);
    await expect(ours(seller, tag)).toHaveText([cheap]);
    await seller.setViewportSize(PHONE);
    await expect(seller.getByRole("textbox", { name: "Max price (Tk)" })).toBeHidden();
    await expect(seller.getByRole("button", { name: /^Filters/ })).toContainText("1");
    await atPhoneWidth(seller, "category-phone.png");
    await seller.setViewportSize(PHONE);
    await seller.getByRole("button", { name: /^Filters/ }).click();
    await expect(seller.getByRole("dialog").getByLabel("Max price (Tk)")).toHaveValue("40000");
    await atPhoneWidth(seller, "category-phone-filters-open.png");

    await sellerContext.close();
  });
});

// #36 suggestions while typing: on a phone (360 px), a visitor types "i5 8",
// picks the suggestion, and lands on its results; the search is then among
// the recent ones when the box is empty. Pictured light and dark, at 360 and 1366.
test("a visitor picks a suggestion while typing a spec, on a phone and a desktop", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const tag = tagOf(stamp);
  const name = `Osprey ${tag} EliteBook 840 Core i5 8GB RAM 256GB SSD`;
  const token = await signUpByApi(request, { name: "Suggest Seller", email: `suggest-seller-${stamp}@example.com`, role: "Seller" });
  const id = await addProductByApi(request, token, { name, category: "HP", sellPrice: 42000 });
  // the suggestions are counted afresh every SUGGEST_INTERVAL (2s here)
  await expect
    .poll(async () => {
      const res = await request.get(base() + "/api/search/suggest?q=" + encodeURIComponent("i5 8"));
      return ((await res.json()) as { text: string }[]).map((s) => s.text);
    }, { timeout: 30_000 })
    .toContain("Core i5 8GB RAM");

  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const phone = await phoneContext.newPage();
  await phone.goto(base() + "/");
  await phone.getByRole("button", { name: "Show search" }).click();
  const box = phone.getByRole("combobox", { name: "Search laptops" });
  await expect(box).toBeFocused();
  await box.pressSequentially("i5 8");
  const option = phone.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: /^Core i5 8GB RAM/ });
  await expect(option).toBeVisible();
  expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await picture(phone, "suggest-phone-light.png");
  await phone.emulateMedia({ colorScheme: "dark" });
  await picture(phone, "suggest-phone-dark.png");
  await option.tap();
  await expect(phone).toHaveURL(/\/search\?q=Core\+i5\+8GB\+RAM$/);
  await expect(phone.getByRole("article", { name })).toBeVisible();

  // the search is remembered on this device: the empty box offers it again
  await phone.getByRole("button", { name: "Show search" }).click();
  await box.fill("");
  await expect(phone.getByRole("listbox", { name: "Recent searches" }).getByRole("option", { name: /Core i5 8GB RAM/ })).toBeVisible();
  await picture(phone, "suggest-phone-recent-dark.png");
  // in Bangla, typed in Bangla: ৮ জিবি is 8GB RAM
  await phone.evaluate(() => localStorage.setItem("resale:lang", "bn"));
  await phone.goto(base() + "/");
  await phone.getByRole("button", { name: "সার্চ বক্স দেখান" }).click();
  const bnBox = phone.getByRole("combobox");
  await bnBox.pressSequentially("৮ জিবি");
  await expect(phone.getByRole("option", { name: /^8GB RAM/ })).toBeVisible();
  await picture(phone, "suggest-phone-bangla-dark.png");
  await phoneContext.close();

  // at 1366 px the box is in the bar; arrows and Enter pick a model
  const desktopContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const desktop = await desktopContext.newPage();
  await desktop.goto(base() + "/");
  const bar = desktop.getByRole("banner").getByRole("combobox", { name: "Search laptops" });
  await bar.pressSequentially("elitebook 8");
  // the model alone, with its count (not "EliteBook 840 G5" another
  // journey may list at once)
  const wanted = desktop.getByRole("option", { name: /^EliteBook 840\s*[\d,]*$/ });
  await expect(wanted).toBeVisible();
  await picture(desktop, "suggest-desktop-light.png");
  await desktop.emulateMedia({ colorScheme: "dark" });
  await picture(desktop, "suggest-desktop-dark.png");
  // other journeys list EliteBooks at once ("HP EliteBook 811108 ..."),
  // whose models may come first: arrows go down to the one wanted
  for (let i = 0; i < 8 && (await wanted.getAttribute("aria-selected")) !== "true"; i++) await bar.press("ArrowDown");
  await expect(wanted).toHaveAttribute("aria-selected", "true");
  await bar.press("Enter");
  await expect(desktop).toHaveURL(/\/search\?q=EliteBook\+840$/);
  await expect(desktop.getByRole("article", { name })).toBeVisible();
  await desktopContext.close();
  expect((await request.delete(`${base()}/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
});

// Places (#36) against the real binary: a seller lists two laptops, one in
// Mirpur (Dhaka), one in Gazipur Sadar; on a phone (390 px) a visitor types
// a spec search, takes a chip off, picks a district, and with the location
// granted lists nearest first with each distance, then goes back to the
// usual order; refused, the page says so. The seller's form picks a place
// on a 360 px phone, starting from the last listing's. Pictured (SHOTS=1)
// light and dark, English and Bangla, at 360, 390 and 1366 px.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { base, picture, settle, signedIn, signUpByApi } from "./helpers";
import { laptopPng } from "./png";

const MIRPUR = "thana-4676";
const GAZIPUR_SADAR = "upazila-320";
const PHONE = { width: 390, height: 844 };
// a visitor standing in Mirpur 10
const HERE = { latitude: 23.8069, longitude: 90.3687 };

/** listByApi lists a laptop in an area through the API, as Add Product would. */
async function listByApi(api: APIRequestContext, token: string, p: { name: string; areaId: string; location: string; sellPrice: number }) {
  const auth = { Authorization: `Bearer ${token}` };
  const image = await api.post(base() + "/api/images", {
    headers: auth,
    multipart: { image: { name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) } },
  });
  expect(image.ok(), `photo: ${image.status()}`).toBe(true);
  const url = ((await image.json()) as { data: { url: string } }).data.url;
  const res = await api.post(base() + "/api/products", {
    headers: auth,
    data: {
      productName: p.name,
      picture: url,
      photos: [url],
      sellPrice: p.sellPrice,
      orginalPrice: p.sellPrice * 2,
      category: "HP",
      condition: "good",
      location: p.location,
      areaId: p.areaId,
      used: "2",
      number: "01712345678",
      description: "Core i5, 8 GB RAM, 256 GB SSD, with its charger.",
      specs: { processor: "Core i5-8350U", ramGb: 8, storageGb: 256, storageType: "SSD" },
    },
  });
  expect(res.status(), `product ${p.name}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** The names of the cards shown, in order. */
const cardNames = (page: Page) => page.getByRole("article").locator("h3");

/** Pictures of the page as it is, light then dark (back to light after). */
async function lightAndDark(page: Page, name: string) {
  await settle(page);
  await picture(page, `${name}-light.png`, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await picture(page, `${name}-dark.png`, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

test("on a phone a visitor searches by specs, takes a chip off, picks a district, and lists nearest first", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  // letters only, one word: e.g. "Hcbdfa"
  const tag = Array.from(String(stamp).slice(-6), (d) => "abcdefghij"[Number(d)]).join("");
  const Tag = tag[0]!.toUpperCase() + tag.slice(1);
  const mirpurName = `Kestrel ${Tag} EliteBook 840 G5`;
  const gazipurName = `Kestrel ${Tag} ProBook 450 G5`;
  const token = await signUpByApi(request, { name: "Places Seller", email: `places-seller-${stamp}@example.com`, role: "Seller" });
  const ids = [
    await listByApi(request, token, { name: gazipurName, areaId: GAZIPUR_SADAR, location: "Chowrasta, Gazipur", sellPrice: 38000 }),
    await listByApi(request, token, { name: mirpurName, areaId: MIRPUR, location: "Mirpur 10, Dhaka", sellPrice: 42000 }),
  ];

  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, permissions: ["geolocation"], geolocation: HERE });
  const phone = await context.newPage();

  // 1. A spec search typed on a phone: its specs show as chips.
  await phone.goto(base() + "/");
  await phone.getByRole("button", { name: "Show search" }).click();
  const box = phone.getByRole("combobox", { name: "Search laptops" });
  await box.fill(`${tag} core i5 8gb`);
  await box.press("Enter");
  await expect(phone).toHaveURL(/\/search\?q=/);
  await expect(cardNames(phone)).toHaveText([mirpurName, gazipurName]);
  const understood = phone.getByRole("list", { name: "Specs understood" });
  await expect(understood.getByRole("button")).toHaveText(["Core i5", "8 GB RAM"]);
  // each card says where, by the area picked
  await expect(phone.getByRole("article", { name: gazipurName })).toContainText("Gazipur Sadar, Gazipur");
  await lightAndDark(phone, "places-search-phone");

  // 2. A chip taken off searches again without its words.
  await understood.getByRole("button", { name: "Remove filter: 8 GB RAM" }).click();
  await expect(phone).toHaveURL(new RegExp(`\\?q=${tag}\\+core\\+i5$`));
  await expect(understood.getByRole("button")).toHaveText(["Core i5"]);
  await expect(cardNames(phone)).toHaveText([mirpurName, gazipurName]);

  // 3. A district picked in the filter sheet: only Gazipur's laptop is left.
  await phone.getByRole("button", { name: /^Filters/ }).click();
  const sheet = phone.getByRole("dialog");
  const district = sheet.getByLabel("District");
  // each district says how many laptops choosing it gives
  await expect(district.locator("option", { hasText: /^Gazipur \(1\)$/ })).toHaveCount(1);
  await district.selectOption({ label: "Gazipur (1)" });
  await expect(phone).toHaveURL(/division=division-6&district=district-41/);
  await expect(sheet.getByLabel("Area")).toBeEnabled();
  await picture(phone, "places-filters-sheet-phone.png");
  await sheet.getByRole("button", { name: "Show results" }).click();
  await expect(cardNames(phone)).toHaveText([gazipurName]);
  const chips = phone.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("button")).toHaveText(["Division: Dhaka", "District: Gazipur"]);
  await lightAndDark(phone, "places-district-phone");
  // taken off again: both (the division stays, Dhaka holds both)
  await chips.getByRole("button", { name: "Remove filter: District: Gazipur" }).click();
  await expect(chips.getByRole("button")).toHaveText(["Division: Dhaka"]);
  await expect(cardNames(phone)).toHaveText([mirpurName, gazipurName]);

  // 4. Near me with the location granted: nearest first, with distances.
  await phone.getByRole("button", { name: "Near me" }).click();
  await expect(phone).toHaveURL(/near=23\.81%2C90\.37&sort=distance/);
  await expect(phone.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "true");
  await expect(cardNames(phone)).toHaveText([mirpurName, gazipurName]);
  await expect(phone.getByRole("article", { name: mirpurName })).toContainText(/\d+\.\d km away/);
  await expect(phone.getByRole("article", { name: gazipurName })).toContainText(/\d+\.\d km away/);
  await expect(phone.getByLabel("Sort by")).toHaveValue("distance");
  await lightAndDark(phone, "places-near-phone");

  // in Bangla: the names and the distance in Bengali digits
  await phone.evaluate(() => localStorage.setItem("resale:lang", "bn"));
  await phone.reload();
  await expect(phone.getByRole("button", { name: "আমার কাছে" })).toHaveAttribute("aria-pressed", "true");
  await expect(phone.getByRole("article", { name: gazipurName })).toContainText(/[০-৯]+\.[০-৯] কিমি দূরে/);
  await expect(phone.getByRole("article", { name: gazipurName })).toContainText("গাজীপুর সদর, গাজীপুর");
  await lightAndDark(phone, "places-near-phone-bangla");
  await phone.evaluate(() => localStorage.setItem("resale:lang", "en"));
  await phone.reload();

  // 5. Back to the usual order.
  await phone.getByRole("button", { name: "Back to the usual order" }).click();
  await expect(phone).not.toHaveURL(/near=/);
  await expect(phone.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "false");
  await expect(phone.getByText(/km away/)).toHaveCount(0);

  // the product page names the place in full
  await phone.getByRole("article", { name: gazipurName }).getByRole("heading").getByRole("link").click();
  await expect(phone.getByText("Gazipur Sadar, Gazipur, Dhaka")).toBeVisible();
  await lightAndDark(phone, "places-product-phone");
  await context.close();

  // 6. Refused: the page says so, and the list stays as it was.
  const refused = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const page = await refused.newPage();
  await page.goto(base() + `/search?q=${tag}`);
  await expect(cardNames(page)).toHaveText([mirpurName, gazipurName]);
  await page.getByRole("button", { name: "Near me" }).click();
  await expect(page.getByRole("alert")).toContainText("Your location was not shared");
  await expect(page).not.toHaveURL(/near=/);
  // the warning's words read in both themes (a soft warning's yellow was
  // 1.8:1 on the light theme's white)
  await checkA11y(page, "search: Near me refused");
  await lightAndDark(page, "places-refused-360");
  await refused.close();

  // 7. At 1366 px the place filters stand in the bar.
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, permissions: ["geolocation"], geolocation: HERE });
  const wide = await desktop.newPage();
  await wide.goto(base() + `/search?q=${tag}`);
  await wide.getByLabel("District").selectOption({ label: "Dhaka (1)" });
  await expect(cardNames(wide)).toHaveText([mirpurName]);
  await wide.getByLabel("Area").selectOption({ label: "Mirpur (1)" });
  await expect(wide).toHaveURL(/area=thana-4676/);
  await wide.getByRole("button", { name: "Near me" }).click();
  await expect(wide.getByRole("article", { name: mirpurName })).toContainText(/km away/);
  await lightAndDark(wide, "places-desktop");
  await desktop.close();

  for (const id of ids) expect((await request.delete(`${base()}/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
});

test("a seller picks the place on a 360 px phone, and the next listing starts from it", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const token = await signUpByApi(request, { name: "Place Picker", email: `place-picker-${stamp}@example.com`, role: "Seller" });
  const context = await signedIn(browser, token, { viewport: { width: 360, height: 780 }, hasTouch: true });
  const page = await context.newPage();

  async function list(name: string) {
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Photo").setInputFiles({ name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) });
    await page.getByLabel("Category").selectOption("HP");
    await page.getByLabel("Condition").selectOption("good");
    await page.getByLabel("Years of Use").fill("1");
    await page.getByLabel("Sell Price").fill("40000");
    await page.getByLabel("Original Price").fill("80000");
    await page.getByLabel("Phone Number").fill("01712345678");
  }

  await page.goto(base() + "/dashboard/addproduct");
  await expect(page.getByRole("heading", { name: "Add a Product" })).toBeVisible();
  await list(`Merlin ${stamp} EliteBook`);
  // a district first (all 64 by name): its division follows, then the area
  await page.getByLabel("District").selectOption({ label: "Gazipur" });
  await expect(page.getByLabel("Division")).toHaveValue("division-6");
  await page.getByLabel("Area (upazila or thana)").selectOption({ label: "Gazipur Sadar" });
  await expect(page.getByLabel("Location")).toHaveValue("Gazipur Sadar, Gazipur");
  await page.getByLabel("Area (upazila or thana)").scrollIntoViewIfNeeded();
  await picture(page, "places-form-360.png");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);

  // the next listing starts where the last one was
  await page.goto(base() + "/dashboard/addproduct");
  await expect(page.getByLabel("Area (upazila or thana)")).toHaveValue(GAZIPUR_SADAR);
  await expect(page.getByLabel("Location")).toHaveValue("Gazipur Sadar, Gazipur");
  await expect(page.getByText("The place of your last listing: change it if this laptop is elsewhere.")).toBeVisible();
  await page.getByLabel("Area (upazila or thana)").scrollIntoViewIfNeeded();
  await picture(page, "places-form-prefilled-360-light.png");
  await page.emulateMedia({ colorScheme: "dark" });
  await picture(page, "places-form-prefilled-360-dark.png");
  await context.close();
});

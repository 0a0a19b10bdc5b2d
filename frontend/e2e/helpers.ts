// Steps shared by the journeys: signing up, listing a laptop, and a
// phone-width screenshot that also checks nothing sticks out sideways.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { twoFrames } from "./layout";
import { laptopPng } from "./png";

export const base = () => process.env.BASE_URL!;
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** logOut logs out from the header's account menu and answers its question with Log Out. */
export async function logOut(page: Page) {
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Account menu" }).click();
  await header.getByRole("button", { name: "Log Out" }).click();
  await page.getByRole("alertdialog", { name: "Log out of Resale?" }).getByRole("button", { name: "Log Out" }).click();
  // the log-out ends after the click (the server is told, then the session
  // is forgotten): a page opened at once could still be signed in, and
  // /login sends a signed-in visitor home (a journey waited there 300 s
  // for the log-in form)
  await expect(header.getByRole("button", { name: "Account menu" })).toHaveCount(0);
}

/** signUp creates an account through the sign-up page and waits for home. */
export async function signUp(page: Page, who: { name: string; email: string; role: "Buyer" | "Seller" }) {
  // every journey signs up from 127.0.0.1, more than the few a minute one
  // address may (the throttle is tested in Go): start each from a clean count
  execFileSync("psql", [process.env.DATABASE_URL!, "-qc", "DELETE FROM login_throttle WHERE key LIKE 'signup:%'"]);
  await page.goto(base() + "/signup");
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [180, 83, 9]) });
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill("journey-password-1");
  await page.getByLabel("Account Type").selectOption(who.role);
  await page.getByRole("button", { name: "Sign Up" }).click();
  // hashing the password and storing the photo can take a while when the
  // Go suite or two browsers share the machine
  await expect(page.getByText("User create Success")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * signUpByApi makes an account through the API, as the sign-up page would,
 * and answers its token: for journeys about something else (auth.spec.ts
 * and the layout journey test the sign-up page). With signedIn the journey
 * starts in a browser already signed in as that account.
 */
export async function signUpByApi(api: APIRequestContext, who: { name: string; email: string; role: "Buyer" | "Seller" }): Promise<string> {
  // the journeys sign up more accounts from 127.0.0.1 than one address
  // may a minute (the throttle is tested in Go): start from a clean count
  execFileSync("psql", [process.env.DATABASE_URL!, "-qc", "DELETE FROM login_throttle WHERE key LIKE 'signup:%'"]);
  const res = await api.post(base() + "/api/auth/signup", {
    multipart: {
      userName: who.name,
      email: who.email,
      password: "journey-password-1",
      role: who.role,
      image: { name: "me.png", mimeType: "image/png", buffer: laptopPng(48, 48, [180, 83, 9]) },
    },
  });
  expect(res.ok(), `sign up ${who.email}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** adminByApi makes an account as signUpByApi does, promotes it with `resale admin grant`, and answers an admin's token. */
export async function adminByApi(api: APIRequestContext, who: { name: string; email: string }): Promise<string> {
  await signUpByApi(api, { ...who, role: "Buyer" });
  execFileSync(process.env.RESALE_BIN!, ["admin", "grant", who.email], { env: { ...process.env }, stdio: "pipe" });
  const res = await api.post(base() + "/api/auth/login", { data: { email: who.email, password: "journey-password-1" } });
  expect(res.ok(), `log in ${who.email}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** signedIn opens a browser context signed in with `token`, as after logging in (a storage state, not an init script: logging out sticks). */
export function signedIn(browser: Browser, token: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    storageState: { cookies: [], origins: [{ origin: base(), localStorage: [{ name: "accessToken", value: token }] }] },
  });
}

/** addProductByApi lists a laptop through the API with `token`, as Add Product would, and answers its id. */
export async function addProductByApi(api: APIRequestContext, token: string, p: { name: string; category: string; sellPrice: number }): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const image = await api.post(base() + "/api/images", {
    headers: auth,
    multipart: { image: { name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) } },
  });
  expect(image.ok(), `photo: ${image.status()} ${await image.text()}`).toBe(true);
  const url = ((await image.json()) as { data: { url: string } }).data.url;
  const res = await api.post(base() + "/api/products", {
    headers: auth,
    data: {
      productName: p.name,
      picture: url,
      sellPrice: p.sellPrice,
      orginalPrice: p.sellPrice * 2,
      category: p.category,
      condition: "good",
      location: "Uttara, Dhaka",
      used: "1",
      number: "01712345678",
      description: "Lightly used, with its charger and box.",
    },
  });
  expect(res.ok(), `product ${p.name}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** addProduct lists a laptop from the seller's dashboard and waits for My Products. */
export async function addProduct(page: Page, p: { name: string; category: string; sellPrice: number }) {
  await page.goto(base() + "/dashboard/addproduct");
  await expect(page.getByRole("heading", { name: "Add a Product" })).toBeVisible();
  await page.getByLabel("Product Name").fill(p.name);
  await page.getByLabel("Photo").setInputFiles({ name: "laptop.png", mimeType: "image/png", buffer: laptopPng(320, 240) });
  await page.getByLabel("Category").selectOption(p.category);
  await page.getByLabel("Condition").selectOption("good");
  await page.getByLabel("Years of Use").fill("1");
  await page.getByLabel("Sell Price").fill(String(p.sellPrice));
  await page.getByLabel("Original Price").fill(String(p.sellPrice * 2));
  await page.getByLabel("Phone Number").fill("01712345678");
  await page.getByLabel("Location").fill("Uttara, Dhaka");
  await page.getByLabel(/^Description/).fill("Lightly used, with its charger and box.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("product successfuly added")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);
}

/**
 * SHOTS: the journeys' pictures, for a person to look at, are taken with
 * SHOTS=1 only: a full-page picture costs Chromium seconds of CPU, and a
 * full run took most of its time drawing pictures nobody opened. A failed
 * journey is pictured either way (playwright.config.ts).
 */
export const SHOTS = process.env.SHOTS === "1";

/**
 * catalogueTest is `test` for the journeys that read or change the shop's
 * one reference catalogue (price-guide, price-reference): each runs with
 * the catalogue to itself. An upload on the other worker had moved the new
 * price a journey had just read (117,100 Tk, then 143,200 on its page).
 * The lock is a directory in the run's output folder, which each run
 * starts empty; its wait has a time limit of its own, not the journey's.
 */
export const catalogueTest = test.extend<{ referenceCatalogue: void }>({
  referenceCatalogue: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use, info) => {
      const lock = join(info.project.outputDir, "reference-catalogue.lock");
      for (;;) {
        try {
          mkdirSync(lock);
          break;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      try {
        await use();
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    },
    { auto: true, timeout: 150_000 },
  ],
});

/** picture saves a picture of the page into the test's output folder, with SHOTS=1. */
export async function picture(page: Page, file: string, options: { fullPage?: boolean; animations?: "disabled" } = {}) {
  if (SHOTS) await page.screenshot({ path: test.info().outputPath(file), ...options });
}

/** atPhoneWidth screenshots the page at 390px and checks nothing sticks out sideways. */
export async function atPhoneWidth(page: Page, file: string) {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  await settle(page);
  await picture(page, file, { fullPage: true });
  if (before) await page.setViewportSize(before);
}

/**
 * settle scrolls to the top (a full-page picture of a scrolled page draws
 * the sticky header in its middle) and waits for lazy images in view to
 * load and for the dashboard drawer to finish sliding after a resize.
 */
export async function settle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle");
  // two frames: a transition a resize starts shows up only after one
  await twoFrames(page);
  await page.evaluate(() => {
    const sliding = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    // a paused toast timer never finishes: wait at most a second
    return Promise.race([Promise.all(sliding), new Promise((r) => setTimeout(r, 1000))]);
  });
}

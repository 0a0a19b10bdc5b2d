// #35, phone numbers people can trust, against the real binary and the SMS
// stand-in (sms/smstest, started by global-setup.ts): a buyer verifies a
// phone in the settings with the code the stand-in received, logs out,
// and logs in again with only the phone number and a new code from it.
// With SHOTS=1 the phone screens are pictured at 360 and 1366 px, light
// and dark, in English and Bangla, into test-results/.
import { execFileSync } from "node:child_process";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { lastSms, smsTo } from "./fake-sms";
import { addProductByApi, base, logOut, picture, settle, SHOTS, signedIn, signUpByApi } from "./helpers";

// a busy machine (two cores for every journey): generous waits, never timed assertions
test.describe.configure({ timeout: 120_000 });

/** A Bangladeshi mobile number of this run, as E.164 and as people write it. */
function newNumber(): { e164: string; local: string; spaced: string } {
  const rest = String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0");
  return { e164: `+8801${7}${rest}`, local: `017${rest}`, spaced: `+880 17${rest.slice(0, 2)}-${rest.slice(2)}` };
}

/**
 * sendsAgain forgets the codes this number was sent in the last minute: a
 * number gets one code a minute (the caps are tested in Go), and the
 * journey asks for the sign-in code right after the verification code.
 */
function sendsAgain(e164: string) {
  execFileSync("psql", [process.env.DATABASE_URL!, "-qc", `DELETE FROM sms_requests WHERE key = 'to:${e164}'`]);
}

test("a buyer verifies a phone with the code by SMS, logs out, and logs in with only the phone and a new code", async ({ browser }) => {
  const number = newNumber();
  const token = await signUpByApi((await browser.newContext()).request, { name: "Phone Buyer", email: `phone-${Date.now()}@example.com`, role: "Buyer" });
  const context = await signedIn(browser, token);
  const page = await context.newPage();

  // verify: any writing of the number; the page shows it as the server wrote it
  await page.goto(base() + "/settings");
  const section = page.locator("#phone");
  await expect(page.getByRole("region", { name: "Verify your phone number" })).toBeVisible();
  await expect(section).toBeVisible();
  await section.getByRole("textbox", { name: "Mobile number" }).fill(number.spaced);
  const before = (await smsTo(number.e164)).length;
  await section.getByRole("button", { name: "Send code" }).click();
  await expect(section.getByText(`We sent a 6-digit code by SMS to ${number.e164}. It works for 5 minutes.`)).toBeVisible();
  await expect(section.getByText(/^Send a new code in \d:\d\d$/)).toBeVisible();
  const verifySms = await lastSms(number.e164, before);
  expect(verifySms.code).toMatch(/^\d{6}$/);
  await picture(page, "phone-code-step.png", { fullPage: true });
  await checkA11y(page, "settings: the code step");
  await section.getByRole("textbox", { name: "Code from the SMS" }).fill(verifySms.code);
  await section.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Your phone number is verified.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your verified phone number" })).toBeVisible();
  await expect(section.getByTestId("verified-phone")).toHaveText(number.e164);
  await expect(section.getByTitle("This number was proven with a code sent to it by SMS.")).toContainText("Verified");
  // the SMS switches come with a verified phone
  await expect(page.getByRole("checkbox", { name: "By SMS: The seller accepts my booking" })).toBeVisible();
  await picture(page, "phone-verified.png", { fullPage: true });
  await checkA11y(page, "settings: a verified phone and its SMS switches");

  await logOut(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();

  // log in with only the number (written the local way) and a new code
  sendsAgain(number.e164);
  await page.goto(base() + "/login");
  await page.getByRole("tab", { name: "Phone and code" }).click();
  await page.getByRole("textbox", { name: "Mobile number" }).fill(number.local);
  const seen = (await smsTo(number.e164)).length;
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If this number is verified on an account, a code is on its way.")).toBeVisible();
  const loginSms = await lastSms(number.e164, seen);
  expect(loginSms.code).toMatch(/^\d{6}$/);
  expect(loginSms.code).not.toBe(verifySms.code);
  await checkA11y(page, "log in: the code step");
  await page.getByRole("textbox", { name: "Code from the SMS" }).fill(loginSms.code);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login Success")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
  await context.close();
});

test("a listing of a seller with a verified phone shows the number with its badge, and calls it", async ({ browser }) => {
  const number = newNumber();
  const api = (await browser.newContext()).request;
  const seller = await signUpByApi(api, { name: "Verified Phone Seller", email: `phone-seller-${Date.now()}@example.com`, role: "Seller" });
  const auth = { Authorization: `Bearer ${seller}` };
  // the seller proves the number through the API, with the code the stand-in got
  const before = (await smsTo(number.e164)).length;
  const sent = await api.post(base() + "/api/me/phone", { headers: auth, data: { phone: number.local } });
  expect(sent.status(), await sent.text()).toBe(202);
  const { code } = await lastSms(number.e164, before);
  const verified = await api.post(base() + "/api/me/phone/verify", { headers: auth, data: { code } });
  expect(verified.status(), await verified.text()).toBe(200);
  const name = `Phone Badge ThinkPad ${Date.now()}`;
  const id = await addProductByApi(api, seller, { name, category: "HP", sellPrice: 41000 });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(base() + `/product/${id}`);
  const article = page.getByRole("article", { name });
  await expect(article.getByText(number.e164)).toBeVisible();
  await expect(article.getByTitle("This number was proven with a code sent to it by SMS.")).toBeVisible();
  await expect(article.getByRole("link", { name: `Call ${number.e164}` })).toHaveAttribute("href", `tel:${number.e164}`);
  await expect(article.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", `https://wa.me/${number.e164.slice(1)}`);
  await checkA11y(page, "a listing with a verified phone");
  await article.getByRole("link", { name: "Verified Phone Seller" }).click();
  await expect(page.getByText("This seller's phone number is proven with a code sent to it by SMS.")).toBeVisible();
  await checkA11y(page, "a seller's page with a verified phone");
  await context.close();
});

/** One screen of #35 to look at: where, and how to get it into the state pictured. */
type Screen = { file: string; path: string; token?: string; ready: (page: Page) => Promise<void>; at: string };

/**
 * picturesOf pictures each screen at 360 and 1366 px, light and dark, in
 * English and Bangla, and checks nothing sticks out sideways.
 */
async function picturesOf(browser: Browser, screens: Screen[]) {
  for (const width of [360, 1366]) {
    for (const scheme of ["light", "dark"] as const) {
      for (const lang of ["en", "bn"] as const) {
        for (const s of screens) {
          const storage = [
            { name: "resale:lang", value: lang },
            { name: "resale:theme", value: scheme },
            ...(s.token ? [{ name: "accessToken", value: s.token }] : []),
          ];
          const context = await browser.newContext({
            viewport: { width, height: width < 400 ? 780 : 900 },
            colorScheme: scheme,
            storageState: { cookies: [], origins: [{ origin: base(), localStorage: storage }] },
          });
          const page = await context.newPage();
          await page.goto(base() + s.path);
          await s.ready(page);
          await settle(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${s.file} at ${width}px, ${scheme}, ${lang}`).toBeLessThanOrEqual(0);
          // the part of #35 in view, as a visitor scrolled there sees it
          await page.locator(s.at).first().evaluate((el) => el.scrollIntoView({ block: "center" }));
          await page.screenshot({ path: test.info().outputPath(`${s.file}-${width}-${scheme}-${lang}.png`) });
          await context.close();
        }
      }
    }
  }
}

/** answerCodeSent answers the browser's code requests without the server, so the pictures spend no SMS (one code a minute per number, ten an hour per address). */
async function answerCodeSent(page: Page, e164: string) {
  await page.route("**/api/me/phone", (route) =>
    route.fulfill({ status: 202, json: { phone: e164, expiresAt: new Date(Date.now() + 300_000).toISOString(), retryAfter: 60 } }),
  );
  await page.route("**/api/me/phone/verify", (route) =>
    route.fulfill({ status: 400, json: { message: "Invalid input", code: "invalid", fields: { code: "is wrong: 4 tries left" } } }),
  );
  await page.route("**/api/auth/phone", (route) => route.fulfill({ status: 202, json: {} }));
}

test("the phone screens at 360 and 1366 px, light and dark, English and Bangla", async ({ browser }) => {
  test.skip(!SHOTS, "pictures only with SHOTS=1");
  test.setTimeout(600_000);
  const api = (await browser.newContext()).request;
  const stamp = Date.now();
  const fresh = await signUpByApi(api, { name: "Phone Looks", email: `phone-looks-${stamp}@example.com`, role: "Buyer" });
  const seller = await signUpByApi(api, { name: "Phone Looks Seller", email: `phone-looks-seller-${stamp}@example.com`, role: "Seller" });
  const number = newNumber();
  const before = (await smsTo(number.e164)).length;
  const sent = await api.post(base() + "/api/me/phone", { headers: { Authorization: `Bearer ${seller}` }, data: { phone: number.local } });
  expect(sent.status(), await sent.text()).toBe(202);
  const { code } = await lastSms(number.e164, before);
  expect((await api.post(base() + "/api/me/phone/verify", { headers: { Authorization: `Bearer ${seller}` }, data: { code } })).status()).toBe(200);
  const name = `Phone Looks Laptop ${stamp}`;
  const id = await addProductByApi(api, seller, { name, category: "HP", sellPrice: 52000 });
  const sellerPage = `/seller/${encodeURIComponent(await sellerId(api, seller))}`;

  await picturesOf(browser, [
    {
      file: "settings-code",
      path: "/settings",
      token: fresh,
      ready: async (p) => {
        await answerCodeSent(p, "+8801712345678");
        await p.locator("#verify-phone").fill("01712-345678");
        await p.locator("#phone form button[type=submit]").click();
        await p.locator("#verify-code").fill("111111");
        await p.locator("#phone form button[type=submit]").click();
        await expect(p.locator("#verify-code-error")).toBeVisible();
      },
      at: "#phone",
    },
    { file: "settings-verified", path: "/settings", token: seller, ready: (p) => expect(p.getByTestId("verified-phone")).toBeVisible(), at: "#phone" },
    { file: "settings-sms", path: "/settings", token: seller, ready: (p) => expect(p.locator("#sms-settings input").first()).toBeVisible(), at: "#sms-settings" },
    { file: "settings-sms-unverified", path: "/settings", token: fresh, ready: (p) => expect(p.locator("#sms-settings a")).toBeVisible(), at: "#sms-settings" },
    {
      file: "login-phone",
      path: "/login?with=phone",
      ready: async (p) => {
        await answerCodeSent(p, "+8801712345678");
        await p.locator("#login-phone").fill("01712345678");
        await p.locator("#login-panel form button[type=submit]").click();
        await expect(p.locator("#login-code")).toBeVisible();
      },
      at: "#auth-title",
    },
    { file: "product-badge", path: `/product/${id}`, ready: (p) => expect(p.locator("#product-seller")).toBeAttached(), at: "#product-seller" },
    { file: "seller-badge", path: sellerPage, ready: (p) => expect(p.locator("#seller-name")).toBeVisible(), at: "#seller-name" },
  ]);
});

/** sellerId is the signed-in account's id. */
async function sellerId(api: APIRequestContext, token: string): Promise<string> {
  const me = await api.get(base() + "/api/me", { headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { _id: string })._id;
}

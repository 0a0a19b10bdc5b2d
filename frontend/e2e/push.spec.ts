// #37 Web Push, against the real binary and the push service stand-in
// (push/pushtest, started by global-setup.ts): a seller on a 390 px phone
// enables notifications on the device in the settings, and a buyer's
// message reaches the stand-in as one push that decrypts (RFC 8291) to the
// notification, signed with the shop's VAPID key (RFC 8292). The service
// worker's handling of a push and of a tap is checked by delivering the
// push to it through the DevTools protocol. With SHOTS=1 the settings are
// pictured at 390 px, light and dark, English and Bangla.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import { newSubscription, pushesTo, refused, type StandInSubscription } from "./fake-push";
import { addProductByApi, base, picture, settle, SHOTS, signedIn, signUpByApi } from "./helpers";

// The other journeys block service workers (playwright.config.ts); push needs one.
test.use({ serviceWorkers: "allow" });
test.describe.configure({ timeout: 120_000 });

const PHONE_390 = { width: 390, height: 844 };

/**
 * Headless Chromium here cannot reach a real push service (Google's FCM),
 * so PushManager.subscribe would fail: this init script replaces it (and
 * getSubscription) with one answering the stand-in's subscription, whose
 * keys the stand-in made and keeps, and records the applicationServerKey
 * the page subscribed with. Everything else is the browser's own: the
 * permission (granted to the context), the service worker, the page.
 */
function fakeSubscribe(sub: StandInSubscription) {
  let current: unknown = null;
  const w = window as unknown as { __pushKey?: number[] };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    w.__pushKey = key instanceof Uint8Array ? Array.from(key) : [];
    current = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => ((current = null), true),
    };
    return current as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return current as PushSubscription | null;
  };
}

/** The VAPID public key as the bytes a page subscribes with. */
function keyBytes(base64url: string): number[] {
  return Array.from(Buffer.from(base64url, "base64url"));
}

test("a seller enables notifications on the phone, and a buyer's message arrives as one push that decrypts", async ({ browser }) => {
  const stamp = Date.now();
  const api = (await browser.newContext()).request;
  const sellerToken = await signUpByApi(api, { name: "Push Seller", email: `push-seller-${stamp}@example.com`, role: "Seller" });
  const buyerToken = await signUpByApi(api, { name: "Push Buyer", email: `push-buyer-${stamp}@example.com`, role: "Buyer" });
  const productId = await addProductByApi(api, sellerToken, { name: `HP EliteBook push ${stamp}`, category: "HP", sellPrice: 41000 });
  const sub = await newSubscription();

  const context = await signedIn(browser, sellerToken, { viewport: PHONE_390 });
  await context.grantPermissions(["notifications"], { origin: base() });
  await context.addInitScript(fakeSubscribe, sub);
  const page = await context.newPage();
  await page.goto(base() + "/settings/notifications");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const section = page.getByRole("region", { name: "Notifications on this device" });
  await section.scrollIntoViewIfNeeded();
  await section.getByRole("button", { name: "Enable notifications on this device" }).click();
  // the service worker, the subscription and the server's answer: slow on a loaded machine
  await expect(section.getByText("Notifications are on for this device.")).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __pushKey?: number[] }).__pushKey)).toEqual(keyBytes(process.env.E2E_VAPID_PUBLIC_KEY!));
  await expect(section.getByRole("button", { name: "Turn off on this device" })).toBeVisible();
  await section.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await picture(page, "push-settings-390-on.png");
  await checkA11y(page, "settings: notifications on this device");

  // the buyer writes; the seller's phone gets one push
  const res = await api.post(base() + "/api/conversations", {
    headers: { Authorization: `Bearer ${buyerToken}` },
    data: { productId, text: "Is it still available?" },
  });
  expect(res.ok(), `message: ${res.status()} ${await res.text()}`).toBe(true);
  await expect
    .poll(async () => (await pushesTo(sub.endpoint)).length, { timeout: 30_000, message: "the push reached the stand-in (make test-browser with E2E_SERVER_LOG=1 prints the job's log)" })
    .toBeGreaterThan(0);
  const pushes = await pushesTo(sub.endpoint);
  expect(pushes, `refused: ${(await refused()).join("; ")}`).toHaveLength(1);
  expect(pushes[0].payload).toMatchObject({ title: "New message from Push Buyer", kind: "message_received" });
  expect(pushes[0].payload.body).toContain("Is it still available?");
  expect(pushes[0].payload.link).toMatch(/^\//);
  expect(pushes[0].subject).toBe("mailto:journeys@example.com");

  await showsAndOpens(page, pushes[0].payload);
  if (SHOTS) await pictures(browser, sellerToken, sub);
  await context.close();
});

/** showsAndOpens delivers the push to the page's service worker (as the browser would) and checks it shows the notification. */
async function showsAndOpens(page: Page, payload: { title: string; link: string }) {
  const cdp = await page.context().newCDPSession(page);
  type Registration = { registrationId: string; scopeURL: string; isDeleted: boolean };
  const registrations = new Map<string, Registration>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: Registration[] }) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send("ServiceWorker.enable");
  // the shop's live registrations: another context's of the same origin
  // may be listed too (a journey that left its phones open on this
  // worker's browser), and the first listed was once one that showed
  // nothing here; the push goes to each, as to every device subscribed
  const live = () => [...registrations.values()].filter((r) => new URL(r.scopeURL).origin === new URL(base()).origin && !r.isDeleted);
  await expect.poll(() => live().length, { timeout: 30_000, message: "the service worker's registration" }).toBeGreaterThan(0);
  const deliver = async () => {
    for (const r of live()) await cdp.send("ServiceWorker.deliverPushMessage", { origin: base(), registrationId: r.registrationId, data: JSON.stringify(payload) });
  };
  await deliver();
  // delivered again every 5 s until shown: under a full run's load a push
  // delivered while the worker was starting once showed nothing, as a
  // push service would deliver again a push not acknowledged
  let delivered = Date.now();
  await expect
    .poll(
      async () => {
        if (Date.now() - delivered > 5000) {
          await deliver();
          delivered = Date.now();
        }
        return page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, link: (n.data as { link: string }).link })));
      },
      { timeout: 30_000, message: "the service worker showed the push" },
    )
    .toContainEqual({ title: payload.title, link: payload.link });
}

/** pictures shows the settings' push section at 390 px, light and dark, English and Bangla. */
async function pictures(browser: Browser, token: string, sub: StandInSubscription) {
  for (const scheme of ["light", "dark"] as const) {
    for (const lang of ["en", "bn"] as const) {
      const context = await browser.newContext({
        viewport: PHONE_390,
        colorScheme: scheme,
        storageState: {
          cookies: [],
          origins: [{ origin: base(), localStorage: [{ name: "resale:lang", value: lang }, { name: "resale:theme", value: scheme }, { name: "accessToken", value: token }] }],
        },
      });
      await context.addInitScript(fakeSubscribe, sub);
      const page = await context.newPage();
      await page.goto(base() + "/settings/notifications");
      const section = page.locator("#push-settings");
      await expect(section.getByRole("button")).toBeVisible();
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `390px, ${scheme}, ${lang}`).toBeLessThanOrEqual(0);
      await section.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await picture(page, `push-settings-390-${scheme}-${lang}.png`);
      await context.close();
    }
  }
}

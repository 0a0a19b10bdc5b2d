// Notifications on this device (#37), as the settings show them: the
// browser's permission is asked only on the tap, the subscription is made
// with the shop's key and posted, it can be turned off, a blocked browser
// is told how to allow it, and the kinds' switches write the push map.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { keyBytes } from "@/lib/web-push";
import { buyer } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

const KEY = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const ENDPOINT = "https://push.example.net/send/abc";
const bodyOf = (init: RequestInit | undefined) => JSON.parse(init!.body as string) as unknown;

/** A browser with push: its permission, and a push manager that remembers one subscription. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = "granted") {
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const notification = { permission, requestPermission: vi.fn(async () => ((notification.permission = answer), answer)) };
  const unsubscribe = vi.fn(async () => ((current = null), true));
  const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: opts.applicationServerKey.buffer as ArrayBuffer },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "BPk", auth: "au" } }),
      unsubscribe,
    };
    return current;
  });
  const reg = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => reg, ready: Promise.resolve(reg) },
  });
  return { notification, subscribe, unsubscribe };
}

function api() {
  return stubApi({
    "/api/categorys": [],
    "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false, mailEnabled: false, sms: false, push: true, pushPublicKey: KEY },
    "/api/notifications/unread": { count: 0 },
    "/api/me": { ...buyer, emailVerified: true },
    "/api/me/notification-settings": { email: { message_received: true }, sms: {}, push: { message_received: true, offer_received: true } },
    "POST /api/me/push-subscriptions": reply(201, { _id: "1", endpoint: ENDPOINT, createdAt: "2026-11-28T10:00:00Z" }),
    [`DELETE /api/me/push-subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`]: reply(204),
    "PUT /api/me/notification-settings": reply(200, { email: {}, sms: {}, push: { message_received: false } }),
    "POST /api/auth/logout": reply(204),
  });
}

describe("notifications on this device", () => {
  it("asks permission only on the tap, subscribes with the shop's key, posts the subscription, and turns off", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const browser = fakeBrowser("default");
    const mock = api();
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Notifications on this device" });
    const enable = await within(section).findByRole("button", { name: "Enable notifications on this device" });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(enable);
    expect(await within(section).findByText("Notifications are on for this device.")).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const opts = browser.subscribe.mock.calls[0]![0] as unknown as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(opts.userVisibleOnly).toBe(true);
    expect(Array.from(opts.applicationServerKey)).toEqual(Array.from(keyBytes(KEY)));
    expect(opts.applicationServerKey).toHaveLength(65);
    expect(bodyOf(requestsTo(mock, "/api/me/push-subscriptions", "POST")[0])).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "BPk", auth: "au" } });

    await userEvent.click(within(section).getByRole("button", { name: "Turn off on this device" }));
    expect(await within(section).findByRole("button", { name: "Enable notifications on this device" })).toBeInTheDocument();
    expect(requestsTo(mock, `/api/me/push-subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`, "DELETE")).toHaveLength(1);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("tells a browser that blocked the shop how to allow it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    fakeBrowser("denied");
    api();
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Notifications on this device" });
    expect(await within(section).findByRole("alert")).toHaveTextContent("Notifications from the shop are blocked in this browser.");
    expect(within(section).queryByRole("button", { name: "Enable notifications on this device" })).not.toBeInTheDocument();
  });

  it("keeps the button when the person says no, and posts nothing", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const browser = fakeBrowser("default", "default");
    const mock = api();
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Notifications on this device" });
    await userEvent.click(await within(section).findByRole("button", { name: "Enable notifications on this device" }));
    await waitFor(() => expect(browser.notification.requestPermission).toHaveBeenCalled());
    expect(within(section).getByRole("button", { name: "Enable notifications on this device" })).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(requestsTo(mock, "/api/me/push-subscriptions", "POST")).toHaveLength(0);
  });

  it("switches a kind off for every device", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    fakeBrowser("granted");
    const mock = api();
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Notifications on this device" });
    const toggle = await within(section).findByRole("checkbox", { name: "To my devices: New messages" });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(requestsTo(mock, "/api/me/notification-settings", "PUT")).toHaveLength(1));
    expect(bodyOf(requestsTo(mock, "/api/me/notification-settings", "PUT")[0])).toEqual({ push: { message_received: false } });
  });

  it("stops pushing to this browser when the person logs out", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const browser = fakeBrowser("default");
    const mock = api();
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Notifications on this device" });
    await userEvent.click(await within(section).findByRole("button", { name: "Enable notifications on this device" }));
    await within(section).findByText("Notifications are on for this device.");
    const header = screen.getByRole("banner");
    await userEvent.click(within(header).getByRole("button", { name: "Account menu" }));
    await userEvent.click(await within(header).findByRole("button", { name: "Log Out" }));
    await userEvent.click(within(await screen.findByRole("alertdialog", { name: "Log out of Resale?" })).getByRole("button", { name: "Log Out" }));
    await waitFor(() => expect(requestsTo(mock, "/api/auth/logout", "POST")).toHaveLength(1));
    expect(requestsTo(mock, `/api/me/push-subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`, "DELETE")).toHaveLength(1);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("shows nothing of push where the shop has no VAPID keys", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    fakeBrowser("default");
    stubApi({
      "/api/categorys": [],
      "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false, mailEnabled: false, push: false, pushPublicKey: null },
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: true },
      "/api/me/notification-settings": { email: { message_received: true } },
    });
    renderApp("/settings");
    await screen.findByRole("region", { name: "Email notifications" });
    expect(screen.queryByRole("region", { name: "Notifications on this device" })).not.toBeInTheDocument();
  });
});

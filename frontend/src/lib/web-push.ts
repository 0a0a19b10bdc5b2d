// Web Push on this device (#37): the browser's side. Permission is asked
// only from a tap on "Enable notifications on this device" (browsers
// ignore or punish asking at page load); the subscription is made with
// the shop's VAPID public key (GET /api/config) on the service worker
// (sw/sw.js shows what comes), and posted to the server, which pushes
// the kinds the user wants (the push switches of the settings).
import { ApiError, apiFetch } from "@/lib/api";

/** Where push stands on this device. */
export type PushState = "unsupported" | "denied" | "off" | "on";

/** pushSupported tells whether this browser can take pushes at all. */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker's registration, once it is active; null when none registers soon. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** pushState says whether this device takes pushes for the user now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return sub && Notification.permission === "granted" ? "on" : "off";
}

/** keyBytes turns a base64url key into the bytes subscribe() takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * enablePush asks permission (call it only from a tap), subscribes this
 * browser with the shop's key and tells the server. It answers the state
 * it ends in: "denied" when the person said no.
 */
export async function enablePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const reg = await registration();
  if (!reg) throw new Error("no service worker");
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, publicKey)) {
    await sub.unsubscribe(); // made with a key the shop no longer signs with
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiFetch("/api/me/push-subscriptions", { method: "POST", json: sub.toJSON() });
  return "on";
}

function sameKey(sub: PushSubscription, publicKey: string): boolean {
  const key = sub.options?.applicationServerKey;
  if (!key) return true;
  const have = new Uint8Array(key);
  const want = keyBytes(publicKey);
  return have.length === want.length && have.every((b, i) => b === want[i]);
}

/** disablePush stops pushes to this browser: the server forgets it, and the browser drops the subscription. */
export async function disablePush(): Promise<PushState> {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (sub) {
    try {
      await apiFetch(`/api/me/push-subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`, { method: "DELETE" });
    } catch (err) {
      // already forgotten (another account took this browser since): nothing to undo
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
    await sub.unsubscribe();
  }
  return "off";
}

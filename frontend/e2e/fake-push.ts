// The push service stand-in (push/pushtest, started by global-setup.ts,
// #37) hands out subscriptions whose keys it keeps, checks the VAPID
// signature of every push the binary under test sends and decrypts it; a
// journey reads the decrypted pushes back. Its address reaches the tests
// as FAKE_PUSH_URL.

/** A subscription as a browser's PushSubscription.toJSON() gives it. */
export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** One push the stand-in took, decrypted. */
export type Push = { endpoint: string; ttl: number; topic?: string; subject: string; payload: { title: string; body: string; link: string; tag: string; kind: string } };

function pushBase(): string {
  const url = process.env.FAKE_PUSH_URL;
  if (!url) throw new Error("FAKE_PUSH_URL is not set (global-setup.ts starts the push stand-in)");
  return url;
}

/** newSubscription makes a subscription on the stand-in for the shop's VAPID key. */
export async function newSubscription(): Promise<StandInSubscription> {
  const res = await fetch(`${pushBase()}/subscriptions?key=${encodeURIComponent(process.env.E2E_VAPID_PUBLIC_KEY ?? "")}`, { method: "POST" });
  if (!res.ok) throw new Error(`the push stand-in answered ${res.status}`);
  return (await res.json()) as StandInSubscription;
}

/** pushesTo answers the pushes the stand-in took for an endpoint, oldest first. */
export async function pushesTo(endpoint: string): Promise<Push[]> {
  const res = await fetch(`${pushBase()}/messages`);
  if (!res.ok) throw new Error(`the push stand-in answered ${res.status}`);
  return ((await res.json()) as Push[] | null ?? []).filter((p) => p.endpoint === endpoint);
}

/** refused answers why the stand-in refused pushes, if it did. */
export async function refused(): Promise<string[]> {
  const res = await fetch(`${pushBase()}/refused`);
  return ((await res.json()) as string[] | null) ?? [];
}

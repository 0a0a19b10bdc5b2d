// The SMS stand-in (sms/smstest, started by global-setup.ts) records every
// message the binary under test sends; a journey reads the codes from it.
// Its address reaches the tests as FAKE_SMS_URL.

/** One message the stand-in took. */
export type Sms = { to: string; text: string; at: string };

function base(): string {
  const url = process.env.FAKE_SMS_URL;
  if (!url) throw new Error("FAKE_SMS_URL is not set (global-setup.ts starts the SMS stand-in)");
  return url;
}

/** smsTo answers the messages sent to a number (any writing), oldest first. */
export async function smsTo(to: string): Promise<Sms[]> {
  const res = await fetch(`${base()}/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`the SMS stand-in answered ${res.status}`);
  return (await res.json()) as Sms[];
}

/**
 * lastSms waits (up to `within` ms) for a message to the number newer than
 * the `after` ones seen before, and answers it with the 6-digit code it
 * holds, if any. Pass the count smsTo gave before asking for a code.
 */
export async function lastSms(to: string, after = 0, within = 15_000): Promise<Sms & { code: string }> {
  const deadline = Date.now() + within;
  for (;;) {
    const msgs = await smsTo(to);
    if (msgs.length > after) {
      const last = msgs[msgs.length - 1];
      return { ...last, code: /\b(\d{6})\b/.exec(last.text)?.[1] ?? "" };
    }
    if (Date.now() > deadline) throw new Error(`no SMS to ${to} within ${within} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Stripe's API for the journeys is the Go stand-in (payments/stripetest,
// the same fake the Go tests use), run as a process: FAKE_STRIPE_BIN, built
// by `make test-browser` from payments/stripetest/cmd/fakestripe. The binary
// under test calls it through STRIPE_API_BASE; the page's card
// confirmations reach it through stripe-stand-in.ts. api.stripe.com is not
// reachable from the test machine.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** Stripe's test cards the stand-in knows (stripetest.CardOK, stripetest.CardDeclined). */
export const CARD_OK = "4242424242424242";
export const CARD_DECLINED = "4000000000000002";

/** startFakeStripe runs the stand-in on a free loopback port and answers its base URL and a stop function. */
export function startFakeStripe(): Promise<{ url: string; stop: () => Promise<void> }> {
  return startStandIn("FAKE_STRIPE_BIN", "payments/stripetest/cmd/fakestripe");
}

/**
 * startFakeSSLCommerz runs the SSLCommerz stand-in (payments/sslcommerztest,
 * FAKE_SSLCOMMERZ_BIN): its session, validation, query and refund APIs, and
 * the payment page the buyer's browser is sent to (bKash, Nagad, Rocket or
 * card; Pay, Fail, Cancel). Its store is sslcommerztest's default one.
 */
export function startFakeSSLCommerz(): Promise<{ url: string; stop: () => Promise<void> }> {
  return startStandIn("FAKE_SSLCOMMERZ_BIN", "payments/sslcommerztest/cmd/fakesslcommerz");
}

/** The store account the SSLCommerz stand-in accepts (sslcommerztest.DefaultStoreID, DefaultStorePassword). */
export const SSLCOMMERZ_STORE = { id: "testbox", password: "qwerty" };

/**
 * startFakeSMS runs the SMS gateway stand-in (sms/smstest, FAKE_SMS_BIN,
 * #35): the binary under test sends its codes there (SMS_URL), and
 * fake-sms.ts reads them back.
 */
export function startFakeSMS(): Promise<{ url: string; stop: () => Promise<void> }> {
  return startStandIn("FAKE_SMS_BIN", "sms/smstest/cmd/fakesms");
}

/**
 * startFakePush runs the push service stand-in (push/pushtest,
 * FAKE_PUSH_BIN, #37): it hands out subscriptions whose keys it keeps,
 * checks the VAPID signature and decrypts each push the binary under test
 * sends, and fake-push.ts reads them back.
 */
export function startFakePush(): Promise<{ url: string; stop: () => Promise<void> }> {
  return startStandIn("FAKE_PUSH_BIN", "push/pushtest/cmd/fakepush");
}

/** startStandIn runs a Go stand-in named by an environment variable; it says its address on its first line. */
async function startStandIn(env: string, source: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = process.env[env];
  if (!bin) throw new Error(`set ${env} (make test-browser builds it from ${source})`);
  const proc = spawn(bin, [], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout });
    lines.once("line", (line) => resolve(line.trim()));
    proc.once("error", reject);
    proc.once("exit", (code) => reject(new Error(`${source} exited (${code}) before saying its address`)));
  });
  return {
    url,
    stop: async () => {
      proc.kill("SIGTERM");
      await exited;
    },
  };
}

// Starts bin/resale on a fresh database and a free port for the whole run,
// and stops it (dropping the database) afterwards. The address reaches the
// tests as BASE_URL; the database as DATABASE_URL (for the binary's admin
// subcommands). Card payments go to the Go Stripe stand-in (fake-stripe.ts,
// FAKE_STRIPE_BIN) whose address reaches the tests as FAKE_STRIPE_URL;
// bKash, Nagad and the rest to the SSLCommerz stand-in (FAKE_SSLCOMMERZ_BIN),
// whose payment page the journeys' browser visits. SMS codes go to the SMS
// stand-in (FAKE_SMS_BIN), whose address reaches the tests as FAKE_SMS_URL
// (fake-sms.ts reads the codes). Web Push (#37) goes to the push service
// stand-in (FAKE_PUSH_BIN), with VAPID keys from `resale vapid-keys`; its
// address reaches the tests as FAKE_PUSH_URL (fake-push.ts), and the
// public key as VAPID_PUBLIC_KEY.
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { SSLCOMMERZ_STORE, startFakePush, startFakeSMS, startFakeSSLCommerz, startFakeStripe } from "./fake-stripe";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

/** withDatabase points a libpq connection URL at another database. */
function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = "/" + db;
  return u.toString();
}

export default async function globalSetup() {
  const bin = process.env.RESALE_BIN;
  const admin = process.env.TEST_DATABASE_URL;
  if (!bin || !admin) throw new Error("set RESALE_BIN and TEST_DATABASE_URL (make test-browser does)");

  const db = "resale_e2e_" + randomBytes(5).toString("hex");
  execFileSync("psql", [admin, "-qc", `CREATE DATABASE ${db}`]);
  const databaseURL = withDatabase(admin, db);
  const dataDir = mkdtempSync(join(tmpdir(), "resale-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const stripe = await startFakeStripe();
  const sslcommerz = await startFakeSSLCommerz();
  const sms = await startFakeSMS();
  const fakePush = await startFakePush();
  const stopStandIns = () => Promise.all([stripe.stop(), sslcommerz.stop(), sms.stop(), fakePush.stop()]);
  const vapid = Object.fromEntries(
    execFileSync(bin, ["vapid-keys"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => line.split("=", 2) as [string, string]),
  );

  // the shop's settings; a journey that starts a second instance on this
  // database (promotion.spec.ts) starts it with them too (E2E_SHOP_ENV):
  // the instances share one job queue, and an instance without the push
  // or SMS settings would take those jobs and send nothing
  const shop = {
    DATABASE_URL: databaseURL,
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
    STRIPE_API_BASE: stripe.url,
    SSLCOMMERZ_STORE_ID: SSLCOMMERZ_STORE.id,
    SSLCOMMERZ_STORE_PASSWORD: SSLCOMMERZ_STORE.password,
    SSLCOMMERZ_API_BASE: sslcommerz.url,
    SMS_URL: `${sms.url}/send?to={to}&text={text}`,
    VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: "mailto:journeys@example.com",
    // the stand-in listens on http://127.0.0.1
    PUSH_ALLOW_LOCAL: "true",
    // #36 the suggestions count the laptops a journey lists within seconds
    SUGGEST_INTERVAL: "2s",
  };
  const env = { ...process.env, ...shop, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: baseURL };
  const server = spawn(bin, ["serve"], { env, stdio: ["ignore", "inherit", "pipe"] });
  let log = "";
  server.stderr.on("data", (b: Buffer) => (log += b.toString()));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stopStandIns();
      throw new Error(`resale exited (${server.exitCode}):\n${log}`);
    }
    try {
      const res = await fetch(baseURL + "/api/health");
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`resale did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.BASE_URL = baseURL;
  process.env.DATABASE_URL = databaseURL;
  process.env.DATA_DIR = dataDir;
  process.env.FAKE_STRIPE_URL = stripe.url;
  process.env.FAKE_SSLCOMMERZ_URL = sslcommerz.url;
  process.env.FAKE_SMS_URL = sms.url;
  process.env.FAKE_PUSH_URL = fakePush.url;
  // not VAPID_PUBLIC_KEY: the journeys run `resale admin grant` with this
  // environment, and the binary refuses part of the VAPID settings
  process.env.E2E_VAPID_PUBLIC_KEY = vapid.VAPID_PUBLIC_KEY;
  process.env.E2E_SHOP_ENV = JSON.stringify(shop);

  // a server gone mid-run (killed from outside) fails every journey after
  // it with "connection refused": say so once, with its log
  let stopping = false;
  const exited = new Promise((r) => server.once("exit", r));
  server.once("exit", (code, signal) => {
    if (!stopping) console.error(`resale exited during the journeys (${signal ?? code}):\n${log}`);
  });

  return async () => {
    stopping = true;
    // already gone, its exit event is past: waiting for one would hang
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    await stopStandIns();
    execFileSync("psql", [admin, "-qc", `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]);
    rmSync(dataDir, { recursive: true, force: true });
    // kept beside the report: the failure summary (scripts/journey-failures.mjs)
    // prints its errors, the one trace of a 500 in a CI log
    const results = join(dirname(fileURLToPath(import.meta.url)), "..", "test-results");
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, "server.log"), log);
    if (process.env.E2E_SERVER_LOG) console.log(log);
  };
}

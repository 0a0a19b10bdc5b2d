// The mail journeys' own shop: a second bin/resale on its own database,
// sending real SMTP to the Go in-test mail server (MAIL_CATCHER_BIN, built
// by `make test-browser` from mail/mailtest/cmd/mailcatcher), whose caught
// messages the journeys read over HTTP. The rest of the suite keeps its shop
// without mail, where sign-ups need no verification.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** One email as the catcher serves it. */
export type CaughtMail = { from: string; to: string[]; subject: string; text: string; html: string; links: string[]; listUnsubscribe: string };

export type MailShop = {
  /** The shop's base URL. */
  url: string;
  /** Every email sent to `to` so far. */
  mailTo: (to: string) => Promise<CaughtMail[]>;
  stop: () => Promise<void>;
};

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

function stopped(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

/** startCatcher runs the mail catcher: its SMTP address and HTTP base URL. */
async function startCatcher(): Promise<{ smtp: string; http: string; proc: ChildProcess }> {
  const bin = process.env.MAIL_CATCHER_BIN;
  if (!bin) throw new Error("set MAIL_CATCHER_BIN (make test-browser builds it from mail/mailtest/cmd/mailcatcher)");
  const proc = spawn(bin, [], { stdio: ["ignore", "pipe", "inherit"] });
  const [smtp, http] = await new Promise<[string, string]>((resolve, reject) => {
    const lines: string[] = [];
    createInterface({ input: proc.stdout! }).on("line", (line) => {
      lines.push(line.trim());
      if (lines.length === 2) resolve([lines[0]!, lines[1]!]);
    });
    proc.once("error", reject);
    proc.once("exit", (code) => reject(new Error(`mail catcher exited (${code}) before saying its addresses`)));
  });
  return { smtp, http, proc };
}

/** startMailShop starts the catcher and a shop that mails through it. */
export async function startMailShop(): Promise<MailShop> {
  const bin = process.env.RESALE_BIN;
  const admin = process.env.TEST_DATABASE_URL;
  if (!bin || !admin) throw new Error("set RESALE_BIN and TEST_DATABASE_URL (make test-browser does)");
  const catcher = await startCatcher();
  const db = "resale_e2e_mail_" + randomBytes(5).toString("hex");
  execFileSync("psql", [admin, "-qc", `CREATE DATABASE ${db}`]);
  const u = new URL(admin);
  u.pathname = "/" + db;
  const dataDir = mkdtempSync(join(tmpdir(), "resale-e2e-mail-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(bin, ["serve"], {
    env: {
      ...process.env,
      DATABASE_URL: u.toString(),
      ADDR: `127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: `smtp://${catcher.smtp}?tls=none`,
      MAIL_FROM: "Resale <shop@resale.test>",
    },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let log = "";
  server.stderr!.on("data", (b: Buffer) => (log += b.toString()));
  const stop = async () => {
    await stopped(server);
    await stopped(catcher.proc);
    execFileSync("psql", [admin, "-qc", `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.E2E_SERVER_LOG) console.log(log);
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`resale (mail) exited (${server.exitCode}):\n${log}`);
    }
    try {
      if ((await fetch(url + "/api/health")).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`resale (mail) did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    mailTo: async (to) => (await (await fetch(`${catcher.http}/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMail[],
    stop,
  };
}

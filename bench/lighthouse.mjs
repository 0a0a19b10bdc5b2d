// Lighthouse 12 on pages of a running Resale, in Debian's Chromium, with
// no network beyond the server: node bench/lighthouse.mjs BASE TOKEN PATH...
// A signed-in session (TOKEN, stored the way the app stores it) lets the
// private category pages render. Prints {path: {category: score}} as JSON.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(new URL("../frontend/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const [base, token, ...paths] = process.argv.slice(2);
const port = 9300 + Math.floor(Math.random() * 500);
const profile = mkdtempSync(join(tmpdir(), "resale-lighthouse-"));
const browser = spawn(
  "/usr/bin/chromium",
  [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    "about:blank",
  ],
  { stdio: "ignore", detached: true }, // its own process group, to end with all its helpers
);
const scores = {};
try {
  // sign in the way the app does, then let Lighthouse drive the browser
  let cdp;
  for (let i = 0; !cdp; i++) {
    try {
      cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch (err) {
      if (i === 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const page = await cdp.contexts()[0].newPage();
  await page.goto(base + "/");
  await page.evaluate((t) => localStorage.setItem("accessToken", t), token);
  await page.close();
  await cdp.close(); // disconnects; the browser stays
  for (const path of paths) {
    const out = join(profile, "report.json");
    execFileSync(
      "npx",
      [
        "--yes",
        "lighthouse@12",
        base + path,
        `--port=${port}`,
        "--disable-storage-reset",
        "--only-categories=performance,accessibility,best-practices,seo",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const report = JSON.parse(readFileSync(out, "utf8"));
    if (process.env.LIGHTHOUSE_KEEP) writeFileSync(`${process.env.LIGHTHOUSE_KEEP}${path.replaceAll("/", "_")}.json`, JSON.stringify(report));
    const failed = (cat) =>
      report.categories[cat].auditRefs
        .map((r) => report.audits[r.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
        .map((a) => a.id);
    scores[path] = Object.fromEntries(
      Object.entries(report.categories).map(([id, c]) => [id, { score: Math.round(c.score * 100), failed: failed(id) }]),
    );
  }
} finally {
  const exited = new Promise((r) => browser.once("exit", r));
  process.kill(-browser.pid, "SIGTERM");
  await exited;
  // the browser's helpers may still be writing their last files
  rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
}
console.log(JSON.stringify(scores));

// axe-core in the journeys: checkA11y runs it on the page as it is, in the
// light and the dark theme, and fails on any serious or critical violation.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { twoFrames } from "./layout";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** The serious and critical axe violations on the page now, one line each. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy
  // (script-src 'self') refuses inline scripts, and the test must not weaken it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const res = await axe.run(document, { resultTypes: ["violations"] });
    return res.violations;
  });
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} (${n.failureSummary?.replace(/\s+/g, " ") ?? ""})`).join("; ")}`);
}

/** The theme the page shows, by the system's colour scheme (no stored choice). */
async function showTheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", scheme === "dark" ? "resale-dark" : "resale");
  // let colour transitions end before contrast is measured: a frame for
  // them to start, then each one's end (a fixed wait fell short on a
  // loaded machine, and axe measured colours half-way)
  await twoFrames(page);
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(running), new Promise((r) => setTimeout(r, 3000))]);
  });
}

/**
 * checkA11y fails the test on serious or critical axe violations on the
 * page as it is now, in both themes; it leaves the page in the light theme.
 */
export async function checkA11y(page: Page, what: string) {
  await page.waitForLoadState("networkidle");
  const problems: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await showTheme(page, scheme);
    for (const line of await violations(page)) problems.push(`${what} (${scheme}): ${line}`);
  }
  await showTheme(page, "light");
  await test.step(`axe: ${what}`, () => {
    expect.soft(problems, problems.join("\n")).toEqual([]);
  });
}

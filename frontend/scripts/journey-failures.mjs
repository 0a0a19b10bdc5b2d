// Prints the failed journeys of a Playwright JSON report in a few lines
// each: the journey, where it failed and the first lines of why. `make
// test-browser` prints it last when a journey fails, so a CI log whose
// tail is all that is kept still says what broke (the list reporter's
// failure blocks, with their code frames and attachments, run to dozens of
// lines each and scroll out of view).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const file = process.argv[2] ?? "test-results/journeys.json";
const MESSAGE_LINES = 6;

// eslint-disable-next-line no-control-regex
const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, "");

function* specs(suite) {
  for (const spec of suite.specs ?? []) yield spec;
  for (const child of suite.suites ?? []) yield* specs(child);
}

let report;
try {
  report = JSON.parse(readFileSync(file, "utf8"));
} catch (err) {
  console.error(`journey-failures: no report at ${file} (${err.message}): the journeys did not get to the end`);
  process.exit(0);
}

const failed = [];
for (const suite of report.suites ?? []) {
  for (const spec of specs(suite)) {
    for (const t of spec.tests ?? []) {
      const last = t.results?.at(-1);
      if (!last || ["passed", "skipped"].includes(last.status)) continue;
      failed.push({ spec, status: last.status, errors: last.errors ?? [], ms: last.duration });
    }
  }
}
for (const err of report.errors ?? []) failed.push({ spec: { file: "(setup)", line: 0, title: "outside any journey" }, status: "error", errors: [err], ms: 0 });

console.log(`\njourneys: ${failed.length} failed`);
for (const { spec, status, errors, ms } of failed) {
  console.log(`- ${spec.file}:${spec.line} › ${spec.title} (${status} after ${(ms / 1000).toFixed(1)} s)`);
  for (const e of errors.slice(0, 2)) {
    const at = e.location ? `  at ${e.location.file.replace(/^.*\/e2e\//, "e2e/")}:${e.location.line}` : "";
    const lines = plain(e.message ?? String(e.value ?? "")).split("\n").filter((l) => l.trim() !== "");
    for (const l of lines.slice(0, MESSAGE_LINES)) console.log(`    ${l.slice(0, 300)}`);
    if (at) console.log(`  ${at}`);
  }
}

// the server's errors and warnings (global-setup.ts keeps its log beside
// the report): a journey that met a 500 says only "Internal server error",
// one waiting for a job's mail, SMS or push only that nothing came; the
// cause is here
const log = join(dirname(file), "server.log");
if (failed.length > 0 && existsSync(log)) {
  const lines = readFileSync(log, "utf8").split("\n");
  for (const [name, level] of [["errors", "level=ERROR"], ["warnings", "level=WARN"]]) {
    const found = lines.filter((l) => l.includes(level));
    console.log(`\nserver ${name}: ${found.length}${found.length > 0 ? ` (${log})` : ""}`);
    // the first errors (what broke), the last warnings (nearest the failure)
    for (const l of name === "errors" ? found.slice(0, 20) : found.slice(-20)) console.log(`    ${l.slice(0, 400)}`);
  }
}

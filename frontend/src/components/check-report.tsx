// The report resale-check sent about a laptop (#40), as a card a buyer
// reads: processor, memory (and whether it is as stated), each disk with
// its health, the battery's wear and cycles, screen, system, maker and
// model, and the serial's last 4 characters. Props in, JSX out.
import { verdictsOf, type CheckBattery, type CheckDisk, type ProductCheck, type SpecVerdict } from "@/api/checks";
import { CheckedBadge } from "@/components/checked-badge";
import { formatDate } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";

const GB = 1024 ** 3;

/** memoryGb is installed memory in whole GB as a seller states it (16 GiB is "16 GB"). */
export const memoryGb = (bytes: number) => Math.round(bytes / GB);

/** diskGb is a disk's size in GB as its maker labels it (decimal: 512110190592 bytes is 512 GB). */
export const diskGb = (bytes: number) => Math.round(bytes / 1e9);

/** batteryPercent is a battery's full charge as a share of its design ("81% of its design"). */
export function batteryPercent(b: CheckBattery): number {
  return b.designCapacity > 0 ? Math.floor((b.fullChargeCapacity * 100) / b.designCapacity) : 0;
}

/** maskedSerial shows only a serial's last 4 characters: ••••1234. */
export function maskedSerial(serial: string): string {
  return `••••${serial.slice(-4)}`;
}

/** checkDate is a report's day for people, "28 Nov 2026". */
export function checkDate(iso: string, locale: string): string {
  return formatDate(new Date(iso), { day: "numeric", month: "short", year: "numeric" }, locale);
}

function sizeText(gb: number, t: Translate): string {
  return gb >= 1000 ? t("{n} TB", { n: Math.round(gb / 100) / 10 }) : t("{n} GB", { n: gb });
}

function diskText(d: CheckDisk, t: Translate): string {
  const what = [d.model, sizeText(diskGb(d.sizeBytes), t), d.type === "unknown" ? "" : d.type].filter(Boolean).join(" · ");
  if (!d.health) return `${what}: ${t("health not readable")}`;
  const left = Math.max(0, 100 - d.health.percentUsed);
  return `${what}: ${t("{n}% of its life left", { n: left })}${d.health.criticalWarning ? ` · ${t("the drive warns of a fault")}` : ""}`;
}

function batteryText(b: CheckBattery, t: Translate): string {
  const pct = t("{n}% of its design", { n: batteryPercent(b) });
  return b.cycleCount == null ? pct : `${pct}, ${t(b.cycleCount === 1 ? "{n} cycle" : "{n} cycles", { n: b.cycleCount })}`;
}

type Row = { label: string; value: string; note?: string; verdict?: SpecVerdict };

/** reportRows words a report for people; a part not readable says so, with the program's reason. */
export function reportRows(check: ProductCheck, t: Translate): Row[] {
  const r = check.report;
  const specs = verdictsOf(check);
  const listedRam = check.specs.find((x) => x.spec === "ramGb")?.listed;
  const why = (part: string) => r.notReadable?.[part] ?? "";
  const unread = (label: string, part: string): Row => ({ label, value: t("not readable"), note: why(part) });
  const rows: Row[] = [];
  const makerModel = [r.maker, r.model].filter(Boolean).join(" ");
  rows.push(makerModel ? { label: t("Maker and model"), value: makerModel } : unread(t("Maker and model"), "model"));
  rows.push(r.cpu ? { label: t("Processor"), value: `${r.cpu.model} · ${t("{cores} cores, {threads} threads", { cores: r.cpu.cores, threads: r.cpu.threads })}`, verdict: specs.processor } : unread(t("Processor"), "cpu"));
  if (r.memory) {
    const gb = memoryGb(r.memory.totalBytes);
    const verdict = specs.ramGb;
    const note = verdict === "confirms" ? t("as stated") : verdict === "contradicts" && listedRam ? t("the listing says {n} GB", { n: Number(listedRam) }) : undefined;
    rows.push({ label: t("Memory"), value: t("{n} GB", { n: gb }), note, verdict });
  } else rows.push(unread(t("Memory"), "memory"));
  if (r.disks === null) rows.push(unread(t("Storage"), "disks"));
  else r.disks.forEach((d, i) => rows.push({ label: r.disks!.length > 1 ? t("Disk {n}", { n: i + 1 }) : t("Storage"), value: diskText(d, t), note: d.healthNote, verdict: i === 0 ? specs.storageGb : undefined }));
  if (r.batteries === null) rows.push(unread(t("Battery"), "batteries"));
  else if (r.batteries.length === 0) rows.push({ label: t("Battery"), value: t("none found") });
  else r.batteries.forEach((b) => rows.push({ label: t("Battery"), value: batteryText(b, t), verdict: specs.batteryHealth }));
  rows.push(r.screen ? { label: t("Screen"), value: `${r.screen.width} × ${r.screen.height}`, } : unread(t("Screen"), "screen"));
  rows.push(r.os ? { label: t("System"), value: r.os.name } : unread(t("System"), "os"));
  rows.push(check.serialLast4 ? { label: t("Serial number"), value: maskedSerial(check.serialLast4) } : unread(t("Serial number"), "serial"));
  return rows;
}

/** CheckMark is the small mark of a spec the report confirms. */
export function CheckMark({ label }: { label: string }) {
  return (
    <span className="ml-1 inline-flex items-center align-middle text-success" title={label}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="m5 13 4 4L19 7" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * CheckReportCard is a listing's report: the Checked badge with its date,
 * then one row per part. `flag` marks what contradicts the listing (the
 * seller's panel).
 */
export function CheckReportCard({ check, flag = false }: { check: ProductCheck; flag?: boolean }) {
  const { t, locale } = useLanguage();
  const rows = reportRows(check, t);
  return (
    <section aria-labelledby="check-report-title" className="rounded-box border border-success/40 bg-base-100 p-4 shadow-sm sm:p-5" data-testid="check-report">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id="check-report-title" className="text-lg font-semibold">
          {t("Hardware report")}
        </h2>
        <CheckedBadge date={checkDate(check.checkedAt, locale)} />
      </div>
      <p className="mb-2 text-sm text-base-content/70">{t("Read from the laptop itself by resale-check, not typed by the seller.")}</p>
      <table className="table table-sm">
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className={`border-base-300 last:border-0 ${flag && row.verdict === "contradicts" ? "bg-warning/15" : ""}`}>
              <th scope="row" className="w-2/5 px-0 py-2 align-top font-medium text-base-content/70">
                {row.label}
              </th>
              <td className="py-2 pr-0 font-medium break-words">
                {row.value}
                {row.verdict === "confirms" && <CheckMark label={t("as stated")} />}
                {row.note && <span className="block text-xs font-normal text-base-content/65">{row.note}</span>}
                {flag && row.verdict === "contradicts" && <span className="badge badge-warning badge-sm mt-1 block h-auto w-fit">{t("Differs from your listing")}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="mt-2 text-xs text-base-content/65">
        <summary className="cursor-pointer">{t("Signed by the shop")}</summary>
        <p className="mt-1">{t("The shop signs each report, so it cannot be changed unseen. Anyone can verify the signature with the shop's public key at {path}.", { path: "/api/checks/key" })}</p>
        <p className="mt-1 font-mono break-all">
          {check.signature.algorithm}: {check.signature.value}
        </p>
      </details>
    </section>
  );
}

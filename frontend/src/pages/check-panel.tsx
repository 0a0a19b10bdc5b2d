// "Prove this laptop's health" (#40), on the seller's own listing: a
// one-time code, the command to run and the program for each system (the
// visitor's first), then the report once it comes (asked for every few
// seconds while the panel is open), what it contradicts, and Delete. Its
// own chunk: only a seller on their own listing loads it.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { downloadPath, guessOs, targetsFor, toolFile, useCheckCode, useDeleteCheck, useProductCheck, type CheckCode, type ToolTarget } from "@/api/checks";
import type { Product, ProductSpecs } from "@/api/products";
import { CheckReportCard } from "@/components/check-report";
import { useConfirm } from "@/components/confirm-dialog";
import { formatDateTime, localDigits } from "@/lib/format";
import { useLanguage, type MessageKey, type Translate } from "@/lib/i18n";
import { notify } from "@/lib/toast";

const OS_NAME: Record<ToolTarget["os"], string> = { windows: "Windows", darwin: "macOS", linux: "Linux" };
const ARCH_NAME: Record<ToolTarget["os"], Record<ToolTarget["arch"], MessageKey>> = {
  windows: { amd64: "Intel or AMD", arm64: "ARM" },
  darwin: { amd64: "Intel", arm64: "Apple silicon (M1 and later)" },
  linux: { amd64: "Intel or AMD", arm64: "ARM" },
};

/** targetName names a download for people: "macOS, Apple silicon (M1 and later)". */
export const targetName = (x: ToolTarget, t: Translate) => `${OS_NAME[x.os]}, ${t(ARCH_NAME[x.os][x.arch])}`;

/** How a downloaded program is started on each system (Linux: as root, to read the serial and the disks' health). */
const PROGRAM: Record<ToolTarget["os"], string> = { windows: ".\\resale-check.exe", darwin: "./resale-check", linux: "sudo ./resale-check" };

/** commandFor is the line to type on a system: the shop's address and the code. */
export function commandFor(os: ToolTarget["os"] | null, shop: string, code: string, handover = false): string {
  return `${os ? PROGRAM[os] : "resale-check"} --shop ${shop}${handover ? " --handover" : ""} ${code}`;
}

/** onSystem starts the shop's command ("resale-check --shop ... CODE") the way the system starts a downloaded program. */
export function onSystem(os: ToolTarget["os"] | null, command: string): string {
  return os ? command.replace(/^resale-check\b/, PROGRAM[os]) : command;
}

/** The spec names the report can contradict, worded as the listing's rows. */
const SPEC_LABEL: Partial<Record<keyof ProductSpecs, MessageKey>> = {
  processor: "Processor",
  ramGb: "Memory",
  storageGb: "Storage",
  storageType: "Storage type",
  screenInches: "Screen",
  gpu: "Graphics",
  batteryHealth: "Battery health",
};

/** The seller's panel on their listing. */
export default function CheckPanel({ product }: { product: Product }) {
  const { t } = useLanguage();
  // My Products' "Prove its health" links here with #check: open at once
  const linked = useLocation().hash === "#check";
  const [open, setOpen] = useState(linked);
  const check = useProductCheck(product._id, open);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (linked) section.current?.scrollIntoView?.({ block: "start" });
  }, [linked]);
  const report = check.data;
  return (
    <section ref={section} id="check" aria-labelledby="check-panel-title" className="scroll-mt-20 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="check-panel-title" className="text-lg font-semibold">
          {t("Prove this laptop's health")}
        </h2>
        <button type="button" className="btn btn-sm btn-primary btn-soft" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("Close") : report ? t("See the report") : t("Check this laptop")}
        </button>
      </div>
      {!open && (
        <p className="mt-1 text-sm text-base-content/70">
          {report ? t("Buyers see the hardware report on this page.") : t("Run our small program on this laptop: buyers then see its real processor, memory, disks, battery and screen, read from the laptop itself.")}
        </p>
      )}
      {open && <OpenPanel product={product} report={report} />}
    </section>
  );
}

function OpenPanel({ product, report }: { product: Product; report: ReturnType<typeof useProductCheck>["data"] }) {
  const { t, locale } = useLanguage();
  const contradicted = report ? report.specs.filter((x) => x.status === "contradicts") : [];
  return (
    <div className="mt-3 flex flex-col gap-4">
      {report && (
        <>
          {contradicted.length > 0 && (
            <div role="alert" className="alert alert-warning alert-soft flex-col items-start gap-2 text-base-content">
              <span>
                {t("The report does not match what your listing says: {specs}. Edit the listing so buyers are not misled.", {
                  specs: contradicted.map((x) => t("{spec}: the listing says {listed}, the laptop {checked}", { spec: t(SPEC_LABEL[x.spec] ?? "Specifications"), listed: localDigits(x.listed, locale), checked: localDigits(x.checked, locale) })).join("; "),
                })}
              </span>
              <Link to={`/dashboard/products/${encodeURIComponent(product._id)}/edit`} className="btn btn-sm btn-warning">
                {t("Edit the listing")}
              </Link>
            </div>
          )}
          <CheckReportCard check={report} flag />
          <DeleteReport productId={product._id} />
        </>
      )}
      {/* a new report ends the code's steps: it has been used */}
      <CodeSteps key={report?.id ?? "none"} productId={product._id} again={Boolean(report)} />
    </div>
  );
}

function DeleteReport({ productId }: { productId: string }) {
  const { t } = useLanguage();
  const del = useDeleteCheck(productId);
  const [confirm, dialog] = useConfirm();
  async function remove() {
    if (!(await confirm({ message: t("Delete the hardware report?"), detail: t("Buyers will no longer see this laptop as checked."), confirmLabel: t("Delete report"), danger: true }))) return;
    try {
      await del.trigger();
      notify("success", t("The report is deleted."));
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not delete the report. Please try again."));
    }
  }
  return (
    <div>
      <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => void remove()} disabled={del.isMutating} aria-busy={del.isMutating}>
        {del.isMutating && <span className="loading loading-spinner loading-xs" />}
        {t("Delete report")}
      </button>
      {dialog}
    </div>
  );
}

/** The code, what to type and where to get the program; a new code replaces the report when it is used. */
function CodeSteps({ productId, again }: { productId: string; again: boolean }) {
  const { t, locale } = useLanguage();
  const getCode = useCheckCode(productId);
  const [code, setCode] = useState<CheckCode | null>(null);
  const os = guessOs(navigator.userAgent);
  const shop = window.location.origin;
  async function ask() {
    try {
      setCode(await getCode.trigger());
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not get a code. Please try again."));
    }
  }
  if (!code) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-base-content/75">
          {again ? t("Check it again after a repair or an upgrade: the new report replaces this one.") : t("Get a one-time code, then run the program on this laptop with it. It shows you everything it read and sends nothing until you say yes.")}
        </p>
        <button type="button" className="btn btn-primary w-full sm:w-fit" onClick={() => void ask()} disabled={getCode.isMutating} aria-busy={getCode.isMutating}>
          {getCode.isMutating && <span className="loading loading-spinner loading-sm" />}
          {t("Get a one-time code")}
        </button>
      </div>
    );
  }
  return (
    <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
      <li>
        <p className="font-medium">{t("Download the program on this laptop:")}</p>
        <Downloads os={os} />
      </li>
      <li>
        <p className="font-medium">{t("Run it with your code:")}</p>
        <p className="mt-1 text-base-content/70">{t("Your code")}</p>
        <p className="font-mono text-2xl font-bold tracking-wider" data-testid="check-code">
          {code.code}
        </p>
        <p className="text-xs text-base-content/65">{t("Works once, until {time}.", { time: formatDateTime(code.expiresAt, locale) })}</p>
        <pre className="mt-2 rounded-box bg-neutral p-3 text-xs break-all whitespace-pre-wrap text-neutral-content" data-testid="check-command">
          <code>{code.command ? onSystem(os, code.command) : commandFor(os, shop, code.code)}</code>
        </pre>
      </li>
      <li>
        <p className="font-medium">{t("Answer yes when it asks. The report appears here by itself.")}</p>
        <p className="mt-1 flex items-center gap-2 text-base-content/70" role="status">
          <span className="loading loading-dots loading-xs" aria-hidden="true" />
          {t("Waiting for the report")}
        </p>
      </li>
    </ol>
  );
}

/** Downloads lists the programs, the visitor's system first and marked. */
export function Downloads({ os }: { os: ToolTarget["os"] | null }) {
  const { t } = useLanguage();
  const targets = targetsFor(os);
  const first = os ? targets.filter((x) => x.os === os) : [];
  const rest = targets.slice(first.length);
  const link = (x: ToolTarget, main: boolean) => (
    <a key={`${x.os}-${x.arch}`} href={downloadPath(x)} download={toolFile(x)} className={main ? "btn btn-sm btn-outline justify-start" : "link link-primary"}>
      {targetName(x, t)}
    </a>
  );
  return (
    <div className="mt-1 flex flex-col gap-2">
      {first.length > 0 && (
        <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap" aria-label={t("For this computer")}>
          {first.map((x) => link(x, true))}
        </div>
      )}
      <details open={first.length === 0}>
        <summary className="cursor-pointer text-base-content/75">{first.length ? t("Other systems") : t("Choose your system")}</summary>
        <div className="mt-1 flex flex-col gap-1">{rest.map((x) => link(x, false))}</div>
      </details>
    </div>
  );
}

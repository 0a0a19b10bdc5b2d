// A laptop's health, checked (#40): the report resale-check sends, the
// seller's one-time code, the hand-over check, and stolen laptops. Wire
// types mirror docs/checks.md and API.md; SWR keys are the API paths.
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { apiFetch, ApiError } from "@/lib/api";
import { useRevalidate } from "@/lib/revalidate";
import { isProductKey, type ProductSpecs } from "@/api/products";

/** One fixed disk; health is null when not readable (healthNote says why). */
export type CheckDisk = {
  model: string;
  sizeBytes: number;
  type: "NVMe" | "SSD" | "HDD" | "unknown";
  health: { source: string; percentUsed: number; availableSpare: number; criticalWarning: number; powerOnHours: number } | null;
  healthNote?: string;
};

/** One battery; capacities in unit, cycleCount null when not readable. */
export type CheckBattery = { unit: "mWh" | "mAh"; designCapacity: number; fullChargeCapacity: number; cycleCount: number | null };

/** What resale-check read (checkreport.Report): a part not readable is null, notReadable says why. */
export type CheckReport = {
  schema: number;
  tool: { version: string; os: string; arch: string };
  checkedAt: string;
  maker: string | null;
  model: string | null;
  /** The serial as anyone sees it: only its last 4 characters (null when not readable). */
  serial: string | null;
  os: { name: string; version: string } | null;
  cpu: { model: string; cores: number; threads: number } | null;
  memory: { totalBytes: number } | null;
  disks: CheckDisk[] | null;
  /** [] is none (a desktop); null is not readable. */
  batteries: CheckBattery[] | null;
  screen: { width: number; height: number } | null;
  notReadable: Record<string, string>;
};

/** A spec the seller stated, compared with what the report read. */
export type SpecVerdict = "confirms" | "contradicts";

/** One stated spec the report can speak to (processor, ramGb, storageGb, storageType, batteryHealth). */
export type SpecCheck = { spec: keyof ProductSpecs; listed: string; checked: string; status: SpecVerdict };

/** The shop's Ed25519 signature over `signed` (the exact JSON text it signed). */
export type CheckSignature = { algorithm: string; publicKey: string; value: string; signed: string };

/** GET /api/products/{id}/check: the latest report of a listing (docs/checks.md). */
export type ProductCheck = {
  id: string;
  productId: string;
  /** When the shop received it: the Checked badge's date. */
  checkedAt: string;
  /** The serial's last 4 characters (report.serial is always null); "" when not readable. */
  serialLast4: string;
  report: CheckReport;
  /** The first battery's full charge as a share of its design, %; null without a battery. */
  batteryHealth: number | null;
  specs: SpecCheck[];
  /** The specs the report contradicts. */
  contradicts: string[];
  signature: CheckSignature;
};

/** verdictsOf turns a check's spec rows into spec -> verdict. */
export function verdictsOf(check: ProductCheck | null | undefined): Partial<Record<keyof ProductSpecs, SpecVerdict>> {
  return Object.fromEntries((check?.specs ?? []).map((s) => [s.spec, s.status]));
}

/** POST /api/products/{id}/check-code: a single-use code, 24 hours, and the command with the shop's address. */
export type CheckCode = { code: string; expiresAt: string; command: string };

/**
 * The hand-over check (on the booking and the lead): the laptop at the
 * meeting compared with the listing's report. Without a report to compare
 * with (compared false) match and its parts are null. differences are
 * the server's words ("memory: 16 GB then, 8 GB now").
 */
export type HandoverCheck = {
  id: string;
  checkedAt: string;
  serialLast4: string;
  compared: boolean;
  match: boolean | null;
  serialMatches: boolean | null;
  hardwareMatches: boolean | null;
  differences: string[];
  batteryBefore: number | null;
  batteryNow: number | null;
};

/** The SWR key (API path) of a listing's report. */
export const checkKey = (productId: string) => `/api/products/${encodeURIComponent(productId)}/check`;

/** How often an open panel asks whether the report has come. */
export const CHECK_POLL_MS = 3000;

/**
 * useProductCheck loads a listing's latest report: null when it has none
 * (404), undefined while loading. `poll` asks again every few seconds,
 * while a seller waits for the program to send it.
 */
export function useProductCheck(productId: string | undefined, poll = false) {
  return useSWR<ProductCheck | null, ApiError>(productId ? checkKey(productId) : null, fetchCheck, {
    refreshInterval: poll ? CHECK_POLL_MS : 0,
  });
}

async function fetchCheck(path: string): Promise<ProductCheck | null> {
  try {
    return await apiFetch<ProductCheck>(path);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** A listing's report and the product lists (checkedAt) change together. */
const affectsCheck = (key: string) => key.endsWith("/check") || isProductKey(key);

/** useCheckCode asks for a fresh one-time code for a listing. */
export function useCheckCode(productId: string) {
  return useSWRMutation<CheckCode, ApiError, string>(`${checkKey(productId)}-code`, (path: string) => apiFetch<CheckCode>(path, { method: "POST" }));
}

/** useDeleteCheck takes the listing's report off (its seller). */
export function useDeleteCheck(productId: string) {
  const revalidate = useRevalidate(affectsCheck);
  return useSWRMutation<void, ApiError, string>(checkKey(productId), async (path: string) => {
    try {
      await apiFetch<void>(path, { method: "DELETE" });
    } finally {
      await revalidate();
    }
  });
}

/** The programs the shop serves, one per system and processor. */
export type ToolTarget = { os: "windows" | "darwin" | "linux"; arch: "amd64" | "arm64" };

export const TOOL_TARGETS: ToolTarget[] = [
  { os: "windows", arch: "amd64" },
  { os: "windows", arch: "arm64" },
  { os: "darwin", arch: "arm64" },
  { os: "darwin", arch: "amd64" },
  { os: "linux", arch: "amd64" },
  { os: "linux", arch: "arm64" },
];

/** downloadPath is where the shop serves the program for a target. */
export const downloadPath = (t: ToolTarget) => `/download/resale-check/${t.os}-${t.arch}`;

/** guessOs reads the visitor's system from the browser; null for a phone or anything else. */
export function guessOs(ua: string): ToolTarget["os"] | null {
  if (/Android|iPhone|iPad|CrOS/i.test(ua)) return null;
  if (/Windows/i.test(ua)) return "windows";
  if (/Mac OS X|Macintosh/i.test(ua)) return "darwin";
  if (/Linux|X11/i.test(ua)) return "linux";
  return null;
}

/** targetsFor puts the visitor's system first (its usual processor first), the others after. */
export function targetsFor(os: ToolTarget["os"] | null): ToolTarget[] {
  if (!os) return TOOL_TARGETS;
  return [...TOOL_TARGETS.filter((t) => t.os === os), ...TOOL_TARGETS.filter((t) => t.os !== os)];
}

/** The program's file name as the shop serves it (.exe on Windows). */
export const toolFile = (t: ToolTarget) => `resale-check${t.os === "windows" ? ".exe" : ""}`;

/** GET /api/stolen/{serial}. */
export type StolenAnswer = { stolen: boolean };

/** A registration as the admins see it: the serial only as its last 4. */
export type StolenReport = {
  id: string;
  serialLast4: string;
  policeReport: string;
  reporter: string;
  reporterId: string;
  status: "pending" | "confirmed" | "rejected";
  createdAt: string;
  /** How many listings were checked with that serial. */
  listings: number;
};

/** POST /api/stolen's answer, and an admin's decision's (hidden: listings hidden by it). */
export type StolenRegistration = { id: string; serialLast4: string; status: StolenReport["status"]; hidden?: number };

export const STOLEN_KEY = "/api/stolen";
export const ADMIN_STOLEN_KEY = "/api/admin/stolen";

/** The longest serial the shop takes. */
export const SERIAL_MAX = 64;
/** The longest police General Diary number. */
export const POLICE_REPORT_MAX = 100;

/** useStolenLookup asks whether a serial is registered stolen; null key waits. */
export function useStolenLookup(serial: string | null) {
  return useSWR<StolenAnswer, ApiError>(serial ? `${STOLEN_KEY}/${encodeURIComponent(serial)}` : null, { revalidateOnFocus: false });
}

/** useRegisterStolen registers a serial with its police report. */
export function useRegisterStolen() {
  return useSWRMutation<StolenRegistration, ApiError, string, { serial: string; policeReport: string }>(STOLEN_KEY, (path: string, { arg }) =>
    apiFetch<StolenRegistration>(path, { method: "POST", json: arg }),
  );
}

/** useAdminStolen lists the pending registrations for the admins, oldest first. */
export function useAdminStolen() {
  return useSWR<{ registrations: StolenReport[] }, ApiError>(ADMIN_STOLEN_KEY);
}

/** A decision changes the admins' list, and may hide listings. */
const affectsStolen = (key: string) => key.startsWith(ADMIN_STOLEN_KEY) || isProductKey(key);

/** useDecideStolen confirms or rejects one registration, then reloads the list. */
export function useDecideStolen() {
  const revalidate = useRevalidate(affectsStolen);
  return useSWRMutation<StolenRegistration, ApiError, string, { id: string; decision: "confirm" | "reject" }>(ADMIN_STOLEN_KEY, async (path: string, { arg }) => {
    try {
      return await apiFetch<StolenRegistration>(`${path}/${encodeURIComponent(arg.id)}/${arg.decision}`, { method: "POST" });
    } finally {
      await revalidate();
    }
  });
}

// The buyer's hand-over code: six digits, large and spaced, with a copy
// button, and a QR code of the seller's hand-over link for the seller to
// scan. uqr is imported here only, so it loads with My Booking's chunk.
import { useMemo, useState } from "react";
import { encode } from "uqr";
import { useT } from "@/lib/i18n";
import { notify } from "@/lib/toast";

/**
 * qrPath draws a QR code's dark modules (rows of true/false) as one SVG
 * path in module units, one rectangle per run of dark modules in a row.
 */
export function qrPath(rows: boolean[][]): string {
  let d = "";
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      d += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return d;
}

/** QrCode is `value` as a QR code in an SVG: black on white with a quiet border, whatever the theme. */
export function QrCode({ value, label, className = "" }: { value: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => {
    const qr = encode(value, { ecc: "M", border: 2 });
    return { size: qr.size, d: qrPath(qr.data) };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={className}>
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/** spaced writes a six-digit code as two groups, "123 456", easier to read out; other codes as they are. */
export function spaced(code: string): string {
  return /^\d{6}$/.test(code) ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

type HandoverCodeProps = {
  code: string;
  /** The booked laptop's name, naming the block for screen readers. */
  name: string;
  /** What the QR encodes: the seller's hand-over page with the code; no QR without it. */
  url?: string;
};

/**
 * HandoverCode shows a buyer's hand-over code to give the seller once the
 * laptop is in their hands: the digits to read out or copy, the QR to scan.
 */
export function HandoverCode({ code, url, name }: HandoverCodeProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      notify("success", t("Code copied"));
      setTimeout(() => setCopied(false), 3000);
    } catch {
      notify("error", t("Could not copy the code: read it out to the seller."));
    }
  }

  // A phone stacks label, code, QR and note in the middle; a wide screen puts the QR left of the rest.
  return (
    <section
      aria-label={t("Hand-over code for {name}", { name })}
      className="mx-auto grid w-full max-w-64 justify-items-center gap-2 rounded-box border border-base-300 bg-base-200/50 p-3 text-center md:mx-0 md:max-w-xl md:grid-cols-[auto_1fr] md:justify-items-start md:gap-x-5 md:text-start"
    >
      <div className="flex flex-col items-center md:col-start-2 md:items-start md:self-end">
        <p className="text-xs font-medium uppercase tracking-wide text-base-content/65">{t("Hand-over code")}</p>
        <div className="flex items-center gap-1">
          <span className="font-mono text-3xl font-bold tracking-widest whitespace-nowrap tabular-nums">{spaced(code)}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            onClick={() => void copy()}
            aria-label={copied ? t("Code copied") : t("Copy the code")}
            title={copied ? t("Code copied") : t("Copy the code")}
          >
            {copied ? (
              <svg viewBox="0 0 24 24" className="h-4 w-4 text-success" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" d="m5 13 4 4L19 7" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <rect x="9" y="9" width="11" height="11" rx="2" />
                <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
              </svg>
            )}
          </button>
        </div>
      </div>
      {url && (
        <QrCode
          value={url}
          label={t("QR code of the hand-over code, for the seller to scan")}
          className="h-44 w-44 rounded md:col-start-1 md:row-span-2 md:row-start-1 md:h-36 md:w-36"
        />
      )}
      <p className="text-sm text-base-content/75 md:col-start-2 md:self-start">{t("Show this code only when you have the laptop in hand and have checked it.")}</p>
    </section>
  );
}

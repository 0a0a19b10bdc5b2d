// The hand-over check (#40) under a buyer's hand-over code on My Booking:
// before taking a checked laptop, run resale-check on it with the code;
// the shop compares it with the laptop that was checked for the listing
// and says here whether it is the same one (serial and hardware) and how
// much the battery wore since. While open it asks for the booking every
// few seconds, until the result is in.
import { useState } from "react";
import { useBooking, type Booking } from "@/api/bookings";
import { guessOs, type HandoverCheck } from "@/api/checks";
import { commandFor, Downloads } from "@/pages/check-panel";
import { formatDateTime } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";

/** How often an open hand-over check asks whether the result has come. */
export const HANDOVER_POLL_MS = 3000;

/** batteryChange says how the battery wore between the two checks; null when either was not read. */
export function batteryChange(c: HandoverCheck, t: Translate): string | null {
  if (c.batteryBefore == null || c.batteryNow == null) return null;
  const lost = c.batteryBefore - c.batteryNow;
  const now = t("Battery now {now}% of its design (was {before}% at the check)", { now: c.batteryNow, before: c.batteryBefore });
  return lost > 0 ? `${now}: ${t("{n}% lost since", { n: lost })}` : `${now}: ${t("no wear since")}`;
}

/** The hand-over check's result, said plainly: the same laptop, or what differs (in the shop's words). */
export function HandoverResult({ check }: { check: HandoverCheck }) {
  const { t, locale } = useLanguage();
  const battery = batteryChange(check, t);
  const tone = !check.compared ? "alert-info" : check.match ? "alert-success" : "alert-error";
  const title = !check.compared ? t("Checked at the hand-over") : check.match ? t("Same laptop as checked") : t("Not the laptop that was checked");
  const what = !check.compared
    ? t("The listing had no report to compare with. Its serial number ends in {last4}.", { last4: check.serialLast4 || "?" })
    : check.match
      ? t("Its serial number and hardware match the listing's report.")
      : t("Do not hand over the code or pay until the seller explains.");
  return (
    <div role="status" className={`alert ${tone} alert-soft items-start`} data-testid="handover-result">
      <div className="flex min-w-0 flex-col gap-1 text-start">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{what}</p>
        {check.compared && !check.match && (
          <ul className="list-disc pl-5 text-sm">
            {check.serialMatches === false && <li>{t("The serial number is not the one checked.")}</li>}
            {check.differences.map((d) => (
              <li key={d} className="break-words">
                {d}
              </li>
            ))}
          </ul>
        )}
        {battery && <p className="text-sm">{battery}</p>}
        <p className="text-xs">{t("Checked at {time}", { time: formatDateTime(check.checkedAt, locale) })}</p>
      </div>
    </div>
  );
}

/**
 * HandoverCheckPanel is the hand-over check of one booking: the result
 * when there is one, else how to run the program and, while open, a wait
 * for the result.
 */
export default function HandoverCheckPanel({ booking }: { booking: Booking }) {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  // the list's booking until opened; then the booking itself, asked again until the result is in
  const live = useBooking(open ? booking._id : undefined, (latest) => (latest?.handoverCheck ? 0 : HANDOVER_POLL_MS));
  const result = live.data?.handoverCheck ?? booking.handoverCheck;
  return (
    <section aria-label={t("Hand-over check for {name}", { name: booking.productName })} className="mx-auto flex w-full max-w-xl flex-col gap-2 text-sm md:mx-0">
      {result ? (
        <HandoverResult check={result} />
      ) : (
        <>
          <p className="text-base-content/75">{t("Before you take the laptop, run resale-check on it with your hand-over code: if it was checked for its listing, the shop says whether it is the same laptop and how its battery wore since.")}</p>
          <button type="button" className="btn btn-sm btn-outline w-full sm:w-fit" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t("Close") : t("Check it at the hand-over")}
          </button>
          {open && <HandoverSteps code={booking.handoverCode ?? ""} />}
        </>
      )}
    </section>
  );
}

function HandoverSteps({ code }: { code: string }) {
  const { t } = useLanguage();
  const os = guessOs(navigator.userAgent);
  return (
    <ol className="flex list-decimal flex-col gap-2 pl-5">
      <li>
        <p className="font-medium">{t("Download the program on the laptop you are buying:")}</p>
        <Downloads os={os} />
      </li>
      <li>
        <p className="font-medium">{t("Run it with your hand-over code and answer yes:")}</p>
        <pre className="mt-1 rounded-box bg-neutral p-3 text-xs break-all whitespace-pre-wrap text-neutral-content" data-testid="handover-command">
          <code>{commandFor(os, window.location.origin, code, true)}</code>
        </pre>
      </li>
      <li className="flex items-center gap-2 text-base-content/70" role="status">
        <span className="loading loading-dots loading-xs" aria-hidden="true" />
        {t("Waiting for the result")}
      </li>
    </ol>
  );
}

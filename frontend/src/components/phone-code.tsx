// The parts both phone screens share (#35): the 6-digit code's input, the
// countdown before another code may be asked for, the badge of a verified
// number, and what a refusal means in the language shown.
import { useEffect, useState } from "react";
import { CODE_LENGTH } from "@/api/phone";
import { ApiError } from "@/lib/api";
import { useLanguage, type Translate } from "@/lib/i18n";
import { asciiDigits } from "@/lib/phone";

/** codeDigits keeps what may be a code of what was typed or pasted: its digits (Bangla ones too), at most six. */
export function codeDigits(text: string): string {
  return asciiDigits(text).replace(/\D/g, "").slice(0, CODE_LENGTH);
}

type CodeInputProps = {
  id: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  hint?: string;
};

/**
 * CodeInput is one field for the SMS code: the phone's number pad, the
 * code the phone read from the SMS offered above the keyboard, and a
 * pasted "123 456" or "১২৩৪৫৬" taken as its six digits.
 */
export function CodeInput({ id, value, onChange, error, hint }: CodeInputProps) {
  const { t } = useLanguage();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("Code from the SMS")}
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        pattern="[0-9]{6}"
        maxLength={CODE_LENGTH + 8}
        placeholder="123456"
        className={`input w-full max-w-48 text-center font-mono text-xl tracking-[0.4em] ${error ? "input-error" : ""}`}
        value={value}
        onChange={(e) => onChange(codeDigits(e.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** useCountdown is the whole seconds left until `until` (ms since the epoch), ticking each second; 0 once it has passed or with none. */
export function useCountdown(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    if (until === null || until <= Date.now()) return;
    const timer = window.setInterval(() => {
      tick();
      if (until <= Date.now()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

/** A wait as a clock shows it, e.g. "0:45" or "7:05:00" (hours, for the day's cap), in the language's digits. */
export function waitText(seconds: number, locale: string): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const n = (v: number, two = false) => new Intl.NumberFormat(locale, { minimumIntegerDigits: two ? 2 : 1, useGrouping: false }).format(v);
  return h > 0 ? `${n(h)}:${n(m, true)}:${n(s, true)}` : `${n(m)}:${n(s, true)}`;
}

type ResendProps = {
  /** Seconds until another code may be asked for. */
  wait: number;
  busy: boolean;
  onClick: () => void;
};

/** ResendButton asks for a new code once the wait is over; until then it says how long to wait, readable (not a greyed-out button). */
export function ResendButton({ wait, busy, onClick }: ResendProps) {
  const { t, locale } = useLanguage();
  if (wait > 0) return <span className="px-3 text-sm text-base-content/70">{t("Send a new code in {time}", { time: waitText(wait, locale) })}</span>;
  return (
    <button type="button" className="btn btn-ghost btn-sm" disabled={busy} aria-busy={busy} onClick={onClick}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {t("Send a new code")}
    </button>
  );
}

/** PhoneVerifiedBadge sits beside a number proven by an SMS code. */
export function PhoneVerifiedBadge() {
  const { t } = useLanguage();
  return (
    <span className="badge badge-success badge-soft badge-sm gap-1 font-semibold whitespace-nowrap" title={t("This number was proven with a code sent to it by SMS.")}>
      <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.4 6.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0l-3.5-3.5a1 1 0 1 1 1.4-1.4l2.8 2.8 6.3-6.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      {t("Verified")}
      <span className="sr-only"> {t("(phone number)")}</span>
    </span>
  );
}

/** triesLeft reads the tries a wrong code leaves from the server's words ("is wrong: 3 tries left", "1 try left"). */
function triesLeft(err: ApiError): number | undefined {
  const m = /(\d+)\s+(?:tries|try)\s+left/i.exec(err.fields.code ?? "");
  return m ? Number(m[1]) : undefined;
}

/** The field a phone refusal is about, so its message shows under that field. */
export type PhoneProblem = { field: "phone" | "code" | "form"; message: string };

/**
 * phoneProblem says in the language shown why a phone request was refused:
 * too many codes (with the wait), not a Bangladeshi mobile number, a wrong
 * code (with the tries left), a code run out, a number verified on
 * another account, or SMS off. What it does not know it says in the
 * server's words.
 */
export function phoneProblem(err: unknown, t: Translate, locale: string): PhoneProblem {
  if (!(err instanceof ApiError)) return { field: "form", message: t("Could not save. Please try again.") };
  if (err.status === 0) return { field: "form", message: err.message };
  if (err.status === 429) {
    const wait = err.retryAfter;
    return {
      field: "form",
      message: wait ? t("Too many codes asked for. Try again in {time}.", { time: waitText(wait, locale) }) : t("Too many codes asked for. Try again later."),
    };
  }
  if (err.status === 503) return { field: "form", message: t("Codes by SMS are off on this shop right now.") };
  if (err.status === 409) return { field: "phone", message: t("This number is verified on another account.") };
  if (err.status === 400 && err.fields.phone) return { field: "phone", message: t("Enter a Bangladeshi mobile number, such as 01712345678.") };
  if (err.status === 400 && err.fields.code !== undefined) {
    const left = triesLeft(err);
    if (left === 1) return { field: "code", message: t("That code is not right. 1 try left.") };
    if (left !== undefined && left > 0) return { field: "code", message: t("That code is not right. {n} tries left.", { n: left }) };
    if (/^must be/.test(err.fields.code)) return { field: "code", message: t("The code is 6 digits.") };
    return { field: "code", message: t("This code no longer works. Send a new code.") };
  }
  if (err.status === 401) return { field: "code", message: t("That code is not right or has run out. Check it, or send a new code.") };
  return { field: "form", message: err.message };
}

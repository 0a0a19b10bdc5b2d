import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { MESSAGE_MAX } from "@/api/conversations";
import { useLanguage } from "@/lib/i18n";

/** The counter shows from this many characters on. */
const COUNT_FROM = MESSAGE_MAX - 200;

type MessageComposerProps = {
  /** The text the box starts with. */
  initial?: string;
  /** Sends the (trimmed) text; throws to keep it in the box. */
  onSend: (text: string) => Promise<void>;
  /** The box's label (visually hidden unless `showLabel`). */
  label: string;
  showLabel?: boolean;
  /** Why nothing can be sent (e.g. a block): the box is off and this is said. */
  disabledReason?: string;
  /** A refusal to show under the box (the page words it). */
  error?: string | null;
  /** Something beside Send, e.g. Make an offer. */
  extra?: ReactNode;
  rows?: number;
  autoFocus?: boolean;
  /** Send's text; "Send" by default. */
  sendText?: string;
};

/**
 * True on a touch screen (a coarse pointer, no fine one): there Enter
 * starts a new line, as in a phone's messaging apps, and the Send button
 * sends.
 */
export function touchTyping(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return window.matchMedia("(pointer: coarse)").matches && !window.matchMedia("(any-pointer: fine)").matches;
}

/**
 * A message box: up to 2000 characters (a counter shows near the limit).
 * With a keyboard and mouse Enter sends and Shift+Enter starts a new line;
 * on a touch screen Enter starts a new line and the Send button sends.
 * Ctrl+Enter (Cmd+Enter) sends on both; Enter while an input method
 * composes (e.g. Bangla) is left to it. Off while sending.
 */
export function MessageComposer({
  initial = "",
  onSend,
  label,
  showLabel = false,
  disabledReason,
  error,
  extra,
  rows = 2,
  autoFocus = false,
  sendText,
}: MessageComposerProps) {
  const { t } = useLanguage();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  // read once: a phone stays a phone while the box is open
  const [touch] = useState(touchTyping);
  const off = disabledReason !== undefined;
  // UTF-16 units, as maxLength counts: never more than the server's limit
  const length = text.length;
  const empty = text.trim() === "";

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (busy || off || empty) return;
    setBusy(true);
    try {
      await onSend(text.trim());
      setText("");
    } catch {
      // the page shows why; the text stays to try again
    } finally {
      setBusy(false);
      // the box was off while sending: give it the keyboard back
      requestAnimationFrame(() => box.current?.focus());
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    const sends = e.ctrlKey || e.metaKey || (!touch && !e.shiftKey);
    if (!sends) return; // a new line
    e.preventDefault();
    void send();
  }

  const describedBy = [error ? `${id}-error` : "", off ? `${id}-off` : "", length >= COUNT_FROM ? `${id}-count` : ""].filter(Boolean).join(" ");
  return (
    <form onSubmit={(e) => void send(e)} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-text`} className={showLabel ? "text-sm font-medium" : "sr-only"}>
        {label}
      </label>
      {off && (
        <p id={`${id}-off`} className="text-sm text-base-content/70">
          {disabledReason}
        </p>
      )}
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          id={`${id}-text`}
          name="text"
          rows={rows}
          maxLength={MESSAGE_MAX}
          data-autofocus={autoFocus || undefined}
          className={`textarea min-h-0 w-full flex-1 resize-none leading-snug ${error ? "textarea-error" : ""}`}
          placeholder={t("Write a message…")}
          value={text}
          disabled={busy || off}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          enterKeyHint={touch ? "enter" : "send"}
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={busy || off || empty} aria-busy={busy}>
          {busy ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M4 12 20 4l-6 16-3-7-7-1Z" />
            </svg>
          )}
          <span className="max-sm:sr-only">{sendText ?? t("Send")}</span>
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">{extra}</div>
        {length >= COUNT_FROM && (
          <p id={`${id}-count`} className={`text-xs ${length >= MESSAGE_MAX ? "text-error" : "text-base-content/70"}`} aria-live="polite">
            {t("{count} of {max} characters", { count: length, max: MESSAGE_MAX })}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}

import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { MESSAGE_MAX, MESSAGE_PHOTOS_MAX } from "@/api/conversations";
import { usePhotoUploads, type PhotoItem } from "@/api/photo-uploads";
import { useLanguage } from "@/lib/i18n";

/** The counter shows from this many characters on. */
const COUNT_FROM = MESSAGE_MAX - 200;

type MessageComposerProps = {
  /** The text the box starts with. */
  initial?: string;
  /** Sends the (trimmed) text and the photos' urls (none unless `photos`); throws to keep them. */
  onSend: (text: string, photos: string[]) => Promise<void>;
  /** Offers a Photo button: up to MESSAGE_PHOTOS_MAX photos, uploaded as they are picked (POST /api/images). */
  photos?: boolean;
  /** Ready answers shown above the box; a tap sends one at once. */
  quickReplies?: string[];
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
  photos = false,
  quickReplies,
}: MessageComposerProps) {
  const { t } = useLanguage();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const uploads = usePhotoUploads([], t("The photo could not be uploaded. Please try again."), MESSAGE_PHOTOS_MAX);
  const [photoNote, setPhotoNote] = useState<string | null>(null);
  // read once: a phone stays a phone while the box is open
  const [touch] = useState(touchTyping);
  const off = disabledReason !== undefined;
  // UTF-16 units, as maxLength counts: never more than the server's limit
  const length = text.length;
  const items = uploads.items;
  const empty = text.trim() === "" && items.length === 0;

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (busy || off || empty) return;
    setBusy(true);
    try {
      let urls: string[] = [];
      if (items.length > 0) {
        const done = await uploads.urls();
        if (done === null) {
          setPhotoNote(t("A photo did not upload: remove it or try it again."));
          return;
        }
        urls = done;
      }
      await onSend(text.trim(), urls);
      setText("");
      uploads.clear();
      setPhotoNote(null);
    } catch {
      // the page shows why; the text stays to try again
    } finally {
      setBusy(false);
      // the box was off while sending: give it the keyboard back
      requestAnimationFrame(() => box.current?.focus());
    }
  }

  async function sendQuick(reply: string) {
    if (busy || off) return;
    setBusy(true);
    try {
      await onSend(reply, []);
    } catch {
      // the page shows why
    } finally {
      setBusy(false);
    }
  }

  function onPick(e: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = "";
    if (picked.length === 0) return;
    const left = uploads.add(picked);
    setPhotoNote(left > 0 ? t("At most {max} photos in one message.", { max: MESSAGE_PHOTOS_MAX }) : null);
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
      {quickReplies && quickReplies.length > 0 && !off && (
        <div className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-0.5" role="group" aria-label={t("Quick replies")}>
          {quickReplies.map((reply) => (
            <button key={reply} type="button" className="btn btn-soft btn-primary btn-sm shrink-0 rounded-full font-medium" disabled={busy} onClick={() => void sendQuick(reply)}>
              {reply}
            </button>
          ))}
        </div>
      )}
      {items.length > 0 && <PendingPhotos items={items} onRemove={uploads.remove} onRetry={uploads.retry} busy={busy} />}
      <div className="flex items-end gap-2">
        {photos && (
          <>
            <input
              ref={picker}
              id={`${id}-photos`}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-label={t("Photos to send")}
              onChange={onPick}
              disabled={busy || off}
            />
            <button
              type="button"
              className="btn btn-ghost btn-square shrink-0"
              aria-label={t("Add a photo")}
              disabled={busy || off || items.length >= MESSAGE_PHOTOS_MAX}
              onClick={() => picker.current?.click()}
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" d="M3 8.5A2.5 2.5 0 0 1 5.5 6h1.8l1.4-2h6.6l1.4 2h1.8A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
                <circle cx="12" cy="13" r="3.5" />
              </svg>
            </button>
          </>
        )}
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
      {photoNote && (
        <p role="alert" className="text-sm text-error">
          {photoNote}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}

type PendingPhotosProps = { items: PhotoItem[]; onRemove: (key: string) => void; onRetry: (key: string) => void; busy: boolean };

/** The photos picked for the next message: each uploading (with its share), in, or failed (Retry); × removes one. */
function PendingPhotos({ items, onRemove, onRetry, busy }: PendingPhotosProps) {
  const { t } = useLanguage();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("Photos to send")}>
      {items.map((p, i) => (
        <li key={p.key} className="relative h-16 w-16 overflow-hidden rounded-lg bg-base-200" data-status={p.status}>
          {(p.preview ?? p.url) && <img src={p.url ? `${p.url}?w=640` : p.preview!} alt="" className="h-full w-full object-cover" />}
          {p.status === "uploading" && (
            <span className="absolute inset-0 flex items-center justify-center bg-base-100/60">
              <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
              <span className="sr-only">{t("Uploading photo {n}", { n: i + 1 })}</span>
            </span>
          )}
          {p.status === "failed" && (
            <button type="button" className="absolute inset-0 flex items-center justify-center bg-error/70 text-xs font-semibold text-error-content" onClick={() => onRetry(p.key)}>
              {t("Retry")}
            </button>
          )}
          <button
            type="button"
            className="btn btn-circle btn-xs absolute top-0.5 right-0.5 border-0 bg-black/60 text-white"
            aria-label={t("Remove photo {n}", { n: i + 1 })}
            disabled={busy}
            onClick={() => onRemove(p.key)}
          >
            <svg viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
              <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

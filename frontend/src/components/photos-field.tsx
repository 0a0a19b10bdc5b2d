import { useRef, useState, type DragEvent } from "react";
import { PHOTO_ACCEPT } from "@/api/auth";
import type { PhotoItem } from "@/api/photo-uploads";
import { fieldDescribedBy } from "@/components/form-field";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

type PhotosFieldProps = {
  /** The file input's id; its error and hint hang off it. */
  id: string;
  label: string;
  error?: string;
  hint: string;
  items: PhotoItem[];
  max: number;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** Moves the photo at `from` to `to`; 0 is the cover. */
  onMove: (from: number, to: number) => void;
  onRetry: (key: string) => void;
};

/** The thumbnail of a photo: its local preview, else the server's 640 px copy. */
function thumb(item: PhotoItem): string | undefined {
  if (item.preview) return item.preview;
  return item.url ? `${item.url}?w=640` : undefined;
}

const arrow = { left: "M15 18l-6-6 6-6", right: "M9 18l6-6-6-6" };

/**
 * PhotosField is a listing's photos: a grid of thumbnails, each with its
 * upload's progress or error (and Retry), Move left/right buttons and a
 * remove button; the first is labelled Cover. Photos are also reordered by
 * dragging one onto another. The file input (multiple) is the Add tile.
 */
export function PhotosField({ id, label, error, hint, items, max, onAdd, onRemove, onMove, onRetry }: PhotosFieldProps) {
  const { t, locale } = useLanguage();
  const [said, setSaid] = useState("");
  const dragging = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  const full = items.length >= max;
  const n = (i: number) => formatNumber(i + 1, locale);

  function move(from: number, to: number, key: string) {
    onMove(from, to);
    setSaid(to === 0 ? t("Photo {n} is now the cover", { n: n(from) }) : t("Photo moved to place {n}", { n: n(to) }));
    // At an end its button turns off: keep the focus on the photo's other one.
    requestAnimationFrame(() => {
      const tile = grid.current?.querySelector(`[data-photo="${key}"]`);
      const edge = to === 0 ? "left" : to === items.length - 1 ? "right" : null;
      if (edge) tile?.querySelector<HTMLButtonElement>(`[data-move="${edge === "left" ? "right" : "left"}"]`)?.focus();
    });
  }

  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      dragging.current = index;
      if (e.dataTransfer) {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", String(index));
      }
    },
    onDragOver: (e: DragEvent) => {
      if (dragging.current === null) return;
      e.preventDefault();
      if (over !== index) setOver(index);
    },
    onDragLeave: () => setOver((o) => (o === index ? null : o)),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragging.current;
      dragging.current = null;
      setOver(null);
      if (from !== null && from !== index) {
        onMove(from, index);
        setSaid(index === 0 ? t("Photo {n} is now the cover", { n: n(from) }) : t("Photo moved to place {n}", { n: n(index) }));
      }
    },
    onDragEnd: () => {
      dragging.current = null;
      setOver(null);
    },
  });

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span className="text-xs tabular-nums text-base-content/60">{t("{count} of {max}", { count: items.length, max })}</span>
      </div>
      <ul ref={grid} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label={t("Pictures of the laptop, cover first")}>
        {items.map((item, i) => {
          const src = thumb(item);
          const cover = i === 0;
          return (
            <li
              key={item.key}
              data-photo={item.key}
              {...dragProps(i)}
              className={`group relative flex cursor-grab flex-col overflow-hidden rounded-box border bg-base-100 active:cursor-grabbing ${
                over === i ? "border-primary ring-2 ring-primary" : item.status === "failed" ? "border-error" : "border-base-300"
              }`}
            >
              <div className="relative aspect-[4/3] bg-base-200">
                {src ? (
                  <img
                    src={src}
                    alt={cover ? t("Photo {n} of {count}, the cover", { n: n(i), count: items.length }) : t("Photo {n} of {count}", { n: n(i), count: items.length })}
                    className={`absolute inset-0 h-full w-full object-cover ${item.status === "done" ? "" : "opacity-60"}`}
                    draggable={false}
                  />
                ) : (
                  <div className="absolute inset-0 flex items-center justify-center text-base-content/30">
                    <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                      <rect x="3" y="5" width="18" height="14" rx="2" />
                      <circle cx="9" cy="10" r="1.8" />
                      <path strokeLinejoin="round" d="m4 18 5-5 3 3 3-3 5 5" />
                    </svg>
                    <span className="sr-only">{t("Photo {n} of {count}", { n: n(i), count: items.length })}</span>
                  </div>
                )}
                {cover && <span className="badge badge-primary badge-sm absolute top-2 left-2 font-semibold shadow">{t("Cover")}</span>}
                <button
                  type="button"
                  className="btn btn-circle btn-xs absolute top-1.5 right-1.5 border-base-300 bg-base-100/90 shadow-sm hover:btn-error"
                  aria-label={t("Remove photo {n}", { n: n(i) })}
                  title={t("Remove")}
                  onClick={() => onRemove(item.key)}
                >
                  <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                    <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
                {item.status === "uploading" && (
                  <div className="absolute inset-x-2 bottom-2 flex items-center gap-2 rounded-field bg-base-100/90 px-2 py-1 shadow-sm">
                    <progress
                      className="progress progress-primary h-1.5 flex-1"
                      value={Math.round(item.sent * 100)}
                      max={100}
                      aria-label={t("Uploading photo {n}", { n: n(i) })}
                    />
                    <span className="text-xs tabular-nums">{formatNumber(Math.round(item.sent * 100), locale)}%</span>
                  </div>
                )}
              </div>
              {item.status === "failed" && (
                <div className="flex flex-col gap-1.5 border-t border-error/30 bg-error/10 p-2">
                  <p className="line-clamp-3 text-xs text-error" role="alert">
                    {item.error}
                  </p>
                  <button
                    type="button"
                    className="btn btn-error btn-outline btn-xs self-start"
                    aria-label={t("Retry photo {n}", { n: n(i) })}
                    onClick={() => onRetry(item.key)}
                  >
                    {t("Retry")}
                  </button>
                </div>
              )}
              <div className="mt-auto flex items-center justify-between gap-1 p-1.5">
                <button
                  type="button"
                  data-move="left"
                  className="btn btn-ghost btn-sm btn-square"
                  aria-label={t("Move photo {n} left", { n: n(i) })}
                  title={t("Move left")}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1, item.key)}
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d={arrow.left} />
                  </svg>
                </button>
                <span className="text-xs tabular-nums text-base-content/60" aria-hidden="true">
                  {n(i)}
                </span>
                <button
                  type="button"
                  data-move="right"
                  className="btn btn-ghost btn-sm btn-square"
                  aria-label={t("Move photo {n} right", { n: n(i) })}
                  title={t("Move right")}
                  disabled={i === items.length - 1}
                  onClick={() => move(i, i + 1, item.key)}
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d={arrow.right} />
                  </svg>
                </button>
              </div>
            </li>
          );
        })}
        <li className={full ? "hidden" : ""}>
          <label
            className={`flex h-full min-h-32 cursor-pointer flex-col items-center justify-center gap-1.5 rounded-box border-2 border-dashed p-3 text-center transition-colors hover:border-primary hover:bg-primary/5 has-[:focus-visible]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
              error ? "border-error" : "border-base-300"
            }`}
          >
            <svg viewBox="0 0 24 24" className="h-8 w-8 text-base-content/45" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <circle cx="9" cy="10" r="1.8" />
              <path strokeLinejoin="round" d="m4 18 5-5 3 3 3-3 5 5" />
            </svg>
            <span className="text-sm font-medium">{items.length === 0 ? t("Add photos") : t("Add more")}</span>
            <input
              id={id}
              name="image"
              type="file"
              accept={PHOTO_ACCEPT}
              multiple
              disabled={full}
              className="sr-only"
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy(id, error, hint)}
              onChange={(e) => {
                const picked = Array.from(e.target.files ?? []);
                // The same file may be picked again later (after a remove).
                e.target.value = "";
                if (picked.length > 0) onAdd(picked);
              }}
            />
          </label>
        </li>
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {full && <p className="text-xs text-base-content/70">{t("That is {max} photos, the most a listing can have.", { max })}</p>}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

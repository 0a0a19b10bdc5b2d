import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { localDigits } from "@/lib/format";
import { useLanguage, useT } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";

type PhotoGalleryProps = {
  /** The photos' urls, the cover first; at least one. */
  photos: string[];
  /** The laptop's name: the photos' alt text. */
  name: string;
};

/** True when the visitor asked for less motion: scrolls jump instead of gliding. */
function reducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The key's step through the photos: -1, +1, to the first or the last; null for other keys. */
function step(key: string, current: number, total: number): number | null {
  switch (key) {
    case "ArrowLeft":
      return (current - 1 + total) % total;
    case "ArrowRight":
      return (current + 1) % total;
    case "Home":
      return 0;
    case "End":
      return total - 1;
    default:
      return null;
  }
}

function Chevron({ left = false }: { left?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d={left ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"} />
    </svg>
  );
}

/**
 * A listing's photos on its page: the cover large, swiped sideways on a
 * phone (a scroll-snap row), with arrows and a row of thumbnails (?w=640)
 * when there are several; a tap or Enter opens the photo full size in a
 * full-screen view. ArrowLeft/ArrowRight (Home/End) change the photo while
 * focus is anywhere in the gallery; the large photo is one tab stop.
 */
export function PhotoGallery({ photos, name }: PhotoGalleryProps) {
  const { t, locale } = useLanguage();
  const total = photos.length;
  const many = total > 1;
  const [shown, setShown] = useState(0);
  const current = Math.min(shown, total - 1);
  const [zoomed, setZoomed] = useState(false);
  const gallery = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  /** The photo a scroll of ours is heading to: the scroll events on the way do not change the photo shown. */
  const heading = useRef<number | null>(null);
  const headingTimer = useRef<number>(undefined);

  /** The photo whose large button gets the focus back once the full-size view is gone. */
  const focusBack = useRef<number | null>(null);

  useEffect(() => () => window.clearTimeout(headingTimer.current), []);

  // a new width (a phone turned, a window resized) keeps the photo shown in
  // place: the track's scroll is in pixels, and the same pixels would now
  // land on another photo
  const shownRef = useRef(current);
  useEffect(() => {
    shownRef.current = current;
  }, [current]);
  useEffect(() => {
    const el = track.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    let width = el.clientWidth;
    const ro = new ResizeObserver(() => {
      if (el.clientWidth === width || el.clientWidth === 0) return;
      width = el.clientWidth;
      heading.current = shownRef.current;
      el.scrollLeft = shownRef.current * el.clientWidth;
      window.clearTimeout(headingTimer.current);
      headingTimer.current = window.setTimeout(() => (heading.current = null), 200);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // only once the modal dialog has left the page: while it is open, the page behind is inert and cannot take the focus
  useEffect(() => {
    if (zoomed || focusBack.current === null) return;
    gallery.current?.querySelector<HTMLElement>(`[data-slide="${focusBack.current}"]`)?.focus({ preventScroll: true });
    focusBack.current = null;
  }, [zoomed]);

  // keep the current thumbnail in view in its row, without scrolling the page
  useEffect(() => {
    const row = strip.current;
    const thumb = row?.children[current] as HTMLElement | undefined;
    if (!row || !thumb) return;
    if (thumb.offsetLeft < row.scrollLeft) row.scrollLeft = thumb.offsetLeft - 4;
    else if (thumb.offsetLeft + thumb.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = thumb.offsetLeft + thumb.offsetWidth - row.clientWidth + 4;
  }, [current]);

  function goTo(index: number) {
    setShown(index);
    const el = track.current;
    if (!el || typeof el.scrollTo !== "function") return;
    heading.current = index;
    window.clearTimeout(headingTimer.current);
    headingTimer.current = window.setTimeout(() => (heading.current = null), 800);
    el.scrollTo({ left: index * el.clientWidth, behavior: reducedMotion() ? "auto" : "smooth" });
  }

  /** A swipe (or a scroll of ours arriving) shows the photo snapped into place. */
  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    if (heading.current !== null) {
      if (index === heading.current) heading.current = null;
      return;
    }
    if (index !== current && index >= 0 && index < total) setShown(index);
  }

  /** The focus goes to the same kind of control of the photo now shown: the large photo, or its thumbnail. */
  function focusOf(kind: "slide" | "thumb", index: number, preventScroll = false) {
    gallery.current?.querySelector<HTMLElement>(`[data-${kind}="${index}"]`)?.focus({ preventScroll });
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const next = many ? step(e.key, current, total) : null;
    if (next === null) return;
    e.preventDefault();
    goTo(next);
    const el = e.target as HTMLElement;
    if (el.dataset.slide !== undefined) focusOf("slide", next, true);
    else if (el.dataset.thumb !== undefined) focusOf("thumb", next);
  }

  function closeZoom() {
    // back to the large photo, now the one last seen full size
    focusBack.current = current;
    setZoomed(false);
  }

  return (
    <section ref={gallery} aria-roledescription={t("gallery")} aria-label={t("Photos of {name}", { name })} className="min-w-0 space-y-3" onKeyDown={onKeyDown}>
      <div className="relative">
        <div
          ref={track}
          onScroll={onScroll}
          className="flex aspect-[16/10] snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain rounded-box bg-base-200 shadow-sm [scrollbar-width:none]"
        >
          {photos.map((src, i) => (
            <div
              key={`${i}-${src}`}
              role="group"
              aria-roledescription={t("slide")}
              aria-label={t("{n} of {total}", { n: i + 1, total })}
              aria-hidden={i !== current}
              className="h-full w-full shrink-0 snap-center snap-always"
            >
              <button
                type="button"
                data-slide={i}
                tabIndex={i === current ? 0 : -1}
                className="block h-full w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-primary"
                aria-label={many ? t("View photo {n} of {total} full size", { n: i + 1, total }) : t("View the photo full size")}
                onClick={() => {
                  setShown(i);
                  setZoomed(true);
                }}
              >
                <img
                  {...photoSources(src, "(min-width: 1152px) 560px, (min-width: 1024px) 50vw, 100vw")}
                  alt={name}
                  // the cover at once; its neighbours early, so a swipe finds them loaded
                  loading={Math.abs(i - current) <= 1 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                  width={800}
                  height={500}
                  draggable={false}
                  className="h-full w-full object-cover"
                />
              </button>
            </div>
          ))}
        </div>
        {many && (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 left-3 hidden -translate-y-1/2 border-0 bg-base-100/85 shadow-md backdrop-blur sm:inline-flex sm:btn-md"
              aria-label={t("Previous photo")}
              onClick={() => goTo((current - 1 + total) % total)}
            >
              <Chevron left />
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 right-3 hidden -translate-y-1/2 border-0 bg-base-100/85 shadow-md backdrop-blur sm:inline-flex sm:btn-md"
              aria-label={t("Next photo")}
              onClick={() => goTo((current + 1) % total)}
            >
              <Chevron />
            </button>
            <span className="badge pointer-events-none absolute right-3 bottom-3 border-0 bg-black/60 font-medium text-white" aria-hidden="true">
              {localDigits(`${current + 1} / ${total}`, locale)}
            </span>
          </>
        )}
      </div>

      {many && (
        <div ref={strip} role="group" aria-label={t("Choose a photo")} className="relative flex gap-2 overflow-x-auto p-1 [scrollbar-width:thin]">
          {photos.map((src, i) => (
            <button
              key={`${i}-${src}`}
              type="button"
              data-thumb={i}
              aria-label={t("Photo {n} of {total}", { n: i + 1, total })}
              aria-current={i === current ? "true" : undefined}
              onClick={() => goTo(i)}
              className={`max-w-24 min-w-14 flex-1 overflow-hidden rounded-field ring-2 ring-offset-2 ring-offset-base-100 transition ${
                i === current ? "ring-primary" : "ring-transparent opacity-70 hover:opacity-100"
              }`}
            >
              <img {...photoSources(src, "96px")} alt="" loading="lazy" decoding="async" width={96} height={60} className="aspect-[16/10] w-full object-cover" />
            </button>
          ))}
        </div>
      )}

      {zoomed && <ZoomView photos={photos} name={name} index={current} onIndex={goTo} onClose={closeZoom} />}
    </section>
  );
}

export type ZoomViewProps = {
  photos: string[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/**
 * One photo full size on a dark full-screen dialog: Close (focused on
 * opening), Escape or a click beside the photo closes it; arrows, the arrow
 * keys and a swipe change the photo.
 */
export function ZoomView({ photos, name, index, onIndex, onClose }: ZoomViewProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const total = photos.length;
  const many = total > 1;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) {
      // jsdom has no showModal: there the dialog is just shown
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    }
    close.current?.focus();
    return () => {
      if (d?.open && typeof d.close === "function") d.close();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    // the gallery behind must not hear these too
    e.stopPropagation();
    if (e.key === "Escape") {
      e.preventDefault();
      onClose();
      return;
    }
    const next = many ? step(e.key, index, total) : null;
    if (next === null) return;
    e.preventDefault();
    onIndex(next);
  }

  function onPointerDown(e: PointerEvent) {
    swipe.current = { x: e.clientX, y: e.clientY };
  }

  function onPointerUp(e: PointerEvent) {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) {
      if (many) onIndex((index + (dx < 0 ? 1 : -1) + total) % total);
    } else if (Math.abs(dx) < 10 && Math.abs(dy) < 10 && e.target === e.currentTarget) {
      onClose(); // a tap beside the photo
    }
  }

  const control = "btn btn-circle border-0 bg-white/15 text-white shadow-none hover:bg-white/30";
  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-label={t("Photos of {name}", { name })}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden border-0 bg-black p-0 text-white backdrop:bg-black"
      onKeyDown={onKeyDown}
      // Escape is handled on keydown; this catches other close requests (a phone's Back gesture)
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div
        className="flex h-full w-full touch-pan-y touch-pinch-zoom items-center justify-center p-2 select-none sm:px-20 sm:py-16"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <img key={photos[index]} src={photos[index]} alt={name} draggable={false} className="max-h-full max-w-full object-contain" />
      </div>
      <p className="absolute top-4 left-4 rounded-full bg-black/50 px-3 py-1 text-sm font-medium" aria-live="polite">
        {t("Photo {n} of {total}", { n: index + 1, total })}
      </p>
      <button ref={close} type="button" className={`${control} absolute top-3 right-3`} aria-label={t("Close")} onClick={onClose}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
      {many && (
        <>
          <button type="button" className={`${control} absolute top-1/2 left-3 -translate-y-1/2`} aria-label={t("Previous photo")} onClick={() => onIndex((index - 1 + total) % total)}>
            <Chevron left />
          </button>
          <button type="button" className={`${control} absolute top-1/2 right-3 -translate-y-1/2`} aria-label={t("Next photo")} onClick={() => onIndex((index + 1) % total)}>
            <Chevron />
          </button>
        </>
      )}
    </dialog>
  );
}

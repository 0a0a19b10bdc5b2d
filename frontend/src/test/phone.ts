// A phone-wide window for jsdom (which has no matchMedia): below md (768
// px), where lists show the compact views, the bottom navigation and a
// product's action bar are drawn (#37).
import { vi } from "vitest";

/** onPhone makes window.matchMedia answer as a window `width` pixels wide (min-width and max-width queries). */
export function onPhone(width = 360) {
  vi.stubGlobal("matchMedia", (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const matches = (min ? width >= Number(min[1]) : true) && (max ? width <= Number(max[1]) : true) && (min !== null || max !== null);
    return { matches, media, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false };
  });
}

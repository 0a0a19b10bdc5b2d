// The layout checks of layout.spec.ts, run inside the page as it is now:
// nothing wider than the window (the page, or a card inside a box that
// clips it), no two controls on top of each other, no
// control off the side of the window that no scrolling box can bring into
// view. Each answers one line per problem (empty: all is well).
import type { Page } from "@playwright/test";

/** The controls checked: what a finger or a pointer can hit. */
const INTERACTIVE = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]";

/** Overlaps of this many pixels or fewer (a shared border) are not counted. */
const SLACK = 2;

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, slack }) => {
      type Box = { left: number; top: number; right: number; bottom: number };
      const problems: string[] = [];
      // at the top: further down, the page's content slides under the sticky
      // header, which is no overlap a person would see as one
      window.scrollTo(0, 0);
      const vw = window.innerWidth;
      const root = document.documentElement;

      // (a) the page is wider than the window
      if (root.scrollWidth > vw) problems.push(`page is ${root.scrollWidth}px wide in a ${vw}px window`);

      /** A short name a person can find the element by. */
      const describe = (el: Element) => {
        const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
        const id = el.id ? `#${el.id}` : "";
        const href = el.getAttribute("href");
        return `<${el.tagName.toLowerCase()}${id}${href ? ` href="${href}"` : ""}>${text ? ` "${text}"` : ""}`;
      };
      const clips = (el: Element) => {
        const s = getComputedStyle(el);
        return s.overflowX !== "visible" || s.overflowY !== "visible";
      };
      const scrollsSideways = (el: Element) => {
        const x = getComputedStyle(el).overflowX;
        return (x === "auto" || x === "scroll") && el.scrollWidth > el.clientWidth;
      };
      const intersect = (a: Box, b: Box): Box => ({
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      });
      const width = (b: Box) => b.right - b.left;
      const height = (b: Box) => b.bottom - b.top;

      // a control in a fixed bar (#37: the phone's bottom navigation, a
      // product's action bar) floats over the page by design, which keeps
      // room under it to scroll anything out from beneath: it is checked
      // against the other fixed controls only
      const inFixed = (el: Element) => {
        for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).position === "fixed") return true;
        return false;
      };
      type Control = { el: Element; box: Box; shown: Box; sideways: boolean; fixed: boolean };
      const controls: Control[] = [];
      for (const el of document.querySelectorAll(selector)) {
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (el.closest("[inert]")) continue;
        const r = el.getBoundingClientRect();
        const box = { left: r.left + scrollX, top: r.top + scrollY, right: r.right + scrollX, bottom: r.bottom + scrollY };
        if (width(box) <= slack || height(box) <= slack) continue; // sr-only and zero-size toggles
        // What of it its clipping boxes leave to be seen (the page itself, html and body, not counted).
        let shown = box;
        let sideways = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (!clips(p)) continue;
          const q = p.getBoundingClientRect();
          shown = intersect(shown, { left: q.left + scrollX, top: q.top + scrollY, right: q.right + scrollX, bottom: q.bottom + scrollY });
          if (scrollsSideways(p)) sideways = true;
        }
        controls.push({ el, box, shown, sideways, fixed: inFixed(el) });
      }

      // (b) two controls on top of each other (one inside the other is fine)
      const seen = controls.filter((c) => width(c.shown) > slack && height(c.shown) > slack);
      for (let i = 0; i < seen.length; i++) {
        for (let j = i + 1; j < seen.length; j++) {
          const a = seen[i]!;
          const b = seen[j]!;
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
          if (a.fixed !== b.fixed) continue;
          const o = intersect(a.shown, b.shown);
          if (width(o) > slack && height(o) > slack) {
            problems.push(`${describe(a.el)} overlaps ${describe(b.el)} by ${Math.round(width(o))}x${Math.round(height(o))}px`);
          }
        }
      }

      // (c) a control off the side of the window that no box scrolls to
      for (const c of controls) {
        if (c.sideways) continue;
        if (width(c.shown) <= slack || height(c.shown) <= slack) continue; // clipped away: not shown at all
        if (c.shown.right > vw + 1 || c.shown.left < -1) {
          problems.push(`${describe(c.el)} is outside the window (${Math.round(c.shown.left)} to ${Math.round(c.shown.right)} of ${vw}px) and nothing scrolls to it`);
        }
      }

      // (e) a button whose words are taller than it: they run over its
      // edges (a three-line Bangla label in a phone's row of three)
      for (const c of controls) {
        if (!c.el.classList.contains("btn")) continue;
        const el = c.el as HTMLElement;
        if (el.scrollHeight > el.clientHeight + slack) {
          problems.push(`${describe(el)}: its words are ${el.scrollHeight}px tall in a ${el.clientHeight}px button`);
        }
      }

      // (d) a card (a product's, a booking's) wider than the window or off
      // its side where no box scrolls to it: a long seller name or title
      // must wrap or be cut inside it (#32), even where a parent clips it
      for (const el of document.querySelectorAll("article, .card")) {
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        let sideways = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrollsSideways(p)) sideways = true;
        if (sideways) continue;
        const r = el.getBoundingClientRect();
        if (r.width <= slack || r.height <= slack) continue;
        if (r.right > vw + 1 || r.left < -1) {
          problems.push(`${describe(el)} is ${Math.round(r.width)}px wide, from ${Math.round(r.left)} to ${Math.round(r.right)} of a ${vw}px window`);
        }
      }
      return problems;
    },
    { selector: INTERACTIVE, slack: SLACK },
  );
}

/**
 * twoFrames waits for the page's next two frames, for the layout to follow
 * a resize or a switch (the pages run with reduced motion, so nothing
 * slides for long), or a second when none
 * comes: headless Chromium now and then stops drawing a page's frames, and
 * an unbounded wait then held a journey until its 180 s limit (CI, stop 56).
 * What the journeys read next (sizes, places) is laid out when it is read,
 * frame or not.
 */
export async function twoFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const late = setTimeout(done, 1000);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            clearTimeout(late);
            done();
          }),
        );
      }),
  );
}

/** Where a page's laptops are, at the current width: see layout.spec.ts's budgets. */
export type ListingMetrics = {
  /** The whole page's height in px. */
  height: number;
  /** How many laptops (cards, rows or tiles) the page lists. */
  listings: number;
  /** The top of the first one, from the top of the page (null: none). */
  firstListing: number | null;
  /** The tallest one's height (null: none). */
  tallestListing: number | null;
};

/**
 * listingMetrics measures the page's height and its laptops: each is an
 * article named by an h3 ("product-<id>-title"), whatever its view; the
 * product page's own article has an h1 and is not one.
 */
export async function listingMetrics(page: Page): Promise<ListingMetrics> {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('main article:has(h3[id^="product-"])')].filter((el) => el.checkVisibility());
    const boxes = items.map((el) => el.getBoundingClientRect());
    return {
      height: document.documentElement.scrollHeight,
      listings: items.length,
      firstListing: boxes.length ? Math.round(Math.min(...boxes.map((b) => b.top + window.scrollY))) : null,
      tallestListing: boxes.length ? Math.round(Math.max(...boxes.map((b) => b.height))) : null,
    };
  });
}

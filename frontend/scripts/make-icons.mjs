// Draws the app's PNG icons (web app manifest, iOS home screen) from the
// favicon's artwork, in Chromium. The PNGs are committed; run this again
// after changing public/favicon.svg: `node scripts/make-icons.mjs`.
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const pub = new URL("../public/", import.meta.url);
const svg = readFileSync(new URL("favicon.svg", pub), "utf8");
// The favicon without its rounded tile: the artwork alone, on a 64-unit grid.
const art = svg.replace(/^[\s\S]*?<rect width="64" height="64"[^>]*\/>/, "").replace(/<\/svg>\s*$/, "");
const teal = "#0f766e";

/** The icons: "any" keeps the favicon's rounded tile; full-bleed ones fill the square (maskable: the artwork inside the 80% safe circle). */
const icons = [
  { file: "icon-192.png", size: 192, body: svg },
  { file: "icon-512.png", size: 512, body: svg },
  { file: "maskable-512.png", size: 512, body: tile(0.8) },
  { file: "apple-touch-icon.png", size: 180, body: tile(0.8) },
];

/** tile is the artwork scaled by `scale` about the centre of a full teal square. */
function tile(scale) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${teal}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${art}</g></svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.body.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: new URL(`icons/${icon.file}`, pub).pathname, omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}

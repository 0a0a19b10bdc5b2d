// uPlot and its stylesheet, fetched when the first chart shows: the admin
// overview is the only page with charts, so the library stays out of every
// other page's script. (Its own module so tests can stand in for it:
// jsdom has no canvas.)
import type uPlot from "uplot";

/** loadUPlot resolves to the uPlot class, its CSS applied. */
export async function loadUPlot(): Promise<typeof uPlot> {
  const [mod] = await Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]);
  return mod.default;
}

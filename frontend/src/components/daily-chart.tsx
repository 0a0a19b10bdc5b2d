// A bar chart of one number per day, drawn by uPlot on a canvas. uPlot is
// fetched when a chart first shows (load-uplot.ts), so it never weighs on
// the first page (the admin overview is the only page with charts). The canvas is
// hidden from screen readers: the page beside it says the same in words
// and in a table.
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { formatNumber } from "@/lib/format";
import { loadUPlot } from "@/lib/load-uplot";
import type { Theme } from "@/lib/theme";

/** The theme colours a chart may use for its bars (daisyUI's names). */
export type ChartTone = "primary" | "secondary" | "accent" | "info" | "error" | "success";

type DailyChartProps = {
  /** The days, YYYY-MM-DD, oldest first. */
  dates: string[];
  values: number[];
  /** "tk": the axis in short money amounts (12k); "count": whole numbers. */
  kind: "count" | "tk";
  tone: ChartTone;
  locale: string;
  /** Redraws in the new theme's colours when it changes. */
  theme: Theme;
  height?: number;
};

/** cssColour turns a theme variable (an oklch() value) into the rgba() a canvas surely takes. */
function cssColour(name: string, alpha = 1): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!value || !probe) return `rgba(128, 128, 128, ${alpha})`;
  probe.fillStyle = value;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** shortDay("2026-11-23", "en-US") -> "Nov 23"; the date is a calendar day, so read in UTC. */
export function shortDay(date: string, locale: string): string {
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
    dayFormats.set(locale, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
}

/** compactNumber(12500, "en-US") -> "13K": the money axis's labels. */
function compactNumber(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

/** The days labelled on the x axis: today always, then back in steps that leave room for each label. */
function daySplits(plotWidth: number, n: number): number[] {
  const step = Math.max(1, Math.ceil((n * 52) / Math.max(plotWidth, 1)));
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= step) out.unshift(i);
  return out;
}

const FONT = "12px system-ui, sans-serif";
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

export function DailyChart({ dates, values, kind, tone, locale, theme, height = 180 }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // one string for the effect: a new array of the same numbers redraws nothing
  const data = `${dates.join(",")}|${values.join(",")}`;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    const [ds, vs] = data.split("|").map((s) => s.split(","));
    const days = ds!;
    const ys = vs!.map(Number);
    void loadUPlot().then((UPlot) => {
      if (cancelled) return;
      const text = cssColour("--color-base-content", 0.75);
      const grid = cssColour("--color-base-content", 0.12);
      const bar = cssColour(`--color-${tone}`);
      const label = (n: number) => (kind === "tk" ? compactNumber(n, locale) : formatNumber(n, locale));
      const opts: uPlot.Options = {
        width: Math.max(el.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: { time: false, range: [-0.6, days.length - 0.4] },
          y: { range: (_u, _min, max) => [0, Math.max(max, kind === "tk" ? 1000 : 4) * 1.1] },
        },
        axes: [
          {
            stroke: text,
            font: FONT,
            grid: { show: false },
            ticks: { stroke: grid, size: 4 },
            size: 30,
            splits: (u) => daySplits(u.bbox.width / devicePixelRatio, days.length),
            values: (_u, splits) => splits.map((i) => (days[i] ? shortDay(days[i], locale) : "")),
          },
          {
            stroke: text,
            font: FONT,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: kind === "tk" ? 52 : 40,
            space: 28,
            ...(kind === "count" ? { incrs: COUNT_STEPS } : {}),
            values: (_u, splits) => splits.map(label),
          },
        ],
        series: [
          {},
          {
            stroke: bar,
            fill: bar,
            width: 0,
            points: { show: false },
            paths: UPlot.paths.bars!({ size: [0.7, 28], gap: 1 }),
          },
        ],
      };
      plot = new UPlot(opts, [days.map((_, i) => i), ys], el);
      if (typeof ResizeObserver === "function") {
        observer = new ResizeObserver(() => {
          const w = Math.max(el.clientWidth, 200);
          if (plot && plot.width !== w) plot.setSize({ width: w, height });
        });
        observer.observe(el);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [data, kind, tone, locale, theme, height]);

  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" style={{ minHeight: height }} data-chart="" />;
}

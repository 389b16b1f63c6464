"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartKind, ChartPoint, ChartTone } from "./chart-types";

/**
 * One overview chart drawn with recharts. Loaded only by the overview (OverviewChart imports it with next/dynamic,
 * ssr off), so recharts is in no other page's bundle. The numbers reach screen readers through the summary and the
 * table beside the chart (ChartCard); the drawing itself is hidden from them.
 *
 * Right to left: time runs from the right (reversed x axis) with the value axis on the right; the top-10 bars grow
 * from the right with their titles on the right. Colours follow the page's theme (the `dark` class on <html>) and
 * keep at least 3:1 against the card in both.
 */

const PALETTE: Record<ChartTone, { light: string; dark: string }> = {
  brand: { light: "#e11d48", dark: "#fb7185" }, // rose-600 on white 4.7:1; rose-400 on zinc-900 6.9:1
  sky: { light: "#0369a1", dark: "#38bdf8" }, // sky-700 5.9:1; sky-400 8.4:1
  violet: { light: "#7c3aed", dark: "#a78bfa" }, // violet-600 5.7:1; violet-400 6.6:1
  emerald: { light: "#047857", dark: "#34d399" }, // emerald-700 5.5:1; emerald-400 9.3:1
};
const AXIS = { light: "#52525b", dark: "#a1a1aa" }; // zinc-600 / zinc-400: axis text ≥ 4.5:1 on the card
const GRID = { light: "#e4e4e7", dark: "#3f3f46" };

function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDarkNow = () => document.documentElement.classList.contains("dark");

/**
 * recharts 3 draws its layers into `<g class="recharts-zIndex-layer_N">` portal targets; React listens for focus events
 * on every portal container, and Chromium makes an SVG element with focus listeners keyboard-focusable, so each chart
 * put four to six invisible stops (inside this aria-hidden drawing) in the Tab order. recharts 3.11 dropped the
 * tabindex="-1" that kept them out; it is put back here on every layer the chart creates.
 */
function useLayersOutOfTabOrder() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => root.querySelectorAll('g[class*="recharts-zIndex-layer"]:not([tabindex])').forEach((g) => g.setAttribute("tabindex", "-1"));
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** The value axis's width: its longest label (compact, "100K", "1.35K" or "100 ألف") at 12 px, 40 px at least. */
function valueAxisWidth(data: ChartPoint[], format: Intl.NumberFormat): number {
  const max = Math.max(0, ...data.map((p) => p.value));
  // Ticks are rounded up ("nice"): the next power of ten bounds them, and a three-digit tick below it is the widest.
  const bound = max <= 0 ? 0 : 10 ** Math.ceil(Math.log10(max + 1));
  const longest = Math.max(format.format(bound).length, format.format(Math.round(bound * 0.135)).length);
  return Math.min(88, Math.max(40, Math.ceil(longest * 7.5) + 8));
}

/**
 * The tooltip (an element, not a component: recharts finds it among the chart's children): the full value and the
 * point's full label, in the theme's colours and the page's direction.
 */
function chartTooltip({ kind, dark, rtl, full, valueName }: { kind: ChartKind; dark: boolean; rtl: boolean; full: Intl.NumberFormat; valueName: string }) {
  const mode = dark ? "dark" : "light";
  return (
    <Tooltip
      formatter={(value) => [full.format(Number(value)), valueName]}
      labelFormatter={(_label, payload) => (payload?.[0]?.payload as ChartPoint | undefined)?.full ?? ""}
      contentStyle={{
        background: dark ? "#18181b" : "#ffffff",
        border: `1px solid ${GRID[mode]}`,
        borderRadius: 12,
        color: dark ? "#f4f4f5" : "#18181b",
        direction: rtl ? "rtl" : "ltr",
        textAlign: "start",
      }}
      labelStyle={{ fontWeight: 600, color: dark ? "#f4f4f5" : "#18181b" }}
      itemStyle={{ color: dark ? "#f4f4f5" : "#18181b" }}
      cursor={kind === "area" ? { stroke: GRID[mode] } : { fill: dark ? "#27272a" : "#f4f4f5" }}
    />
  );
}

export default function ChartView({
  kind,
  data,
  tone,
  locale,
  valueName,
  height,
}: {
  kind: ChartKind;
  data: ChartPoint[];
  tone: ChartTone;
  locale: string;
  valueName: string;
  height: number;
}) {
  const dark = useSyncExternalStore(subscribeTheme, isDarkNow, () => false);
  const mode = dark ? "dark" : "light";
  const color = PALETTE[tone][mode];
  const rtl = locale === "ar";
  // Three significant digits: a tick at 1,350 reads "1.35K", not a rounded "1.4K" that no gridline is at.
  const numbers = new Intl.NumberFormat(locale, { notation: "compact", maximumSignificantDigits: 3 });
  const full = new Intl.NumberFormat(locale);
  const tick = { fill: AXIS[mode], fontSize: 12 };
  const tooltip = chartTooltip({ kind, dark, rtl, full, valueName });
  const margin = { top: 8, right: 8, bottom: 0, left: 8 };
  const layersRef = useLayersOutOfTabOrder();
  const axisWidth = valueAxisWidth(data, numbers);

  return (
    // dir="ltr": the drawing places its own text (mirrored through the axes above); in an RTL document an SVG text's
    // "start" anchor would flip and lay the Arabic titles over the bars.
    <div ref={layersRef} aria-hidden="true" dir="ltr" data-testid="chart-drawing" style={{ height }} className="w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        {kind === "hbar" ? (
          <BarChart data={data} layout="vertical" margin={margin} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke={GRID[mode]} />
            <XAxis type="number" reversed={rtl} tick={tick} tickFormatter={(v: number) => numbers.format(v)} allowDecimals={false} stroke={GRID[mode]} />
            <YAxis
              type="category"
              dataKey="label"
              orientation={rtl ? "right" : "left"}
              width={112}
              tick={tick}
              interval={0}
              tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)}
              stroke={GRID[mode]}
            />
            {tooltip}
            <Bar dataKey="value" fill={color} radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false} maxBarSize={22} />
          </BarChart>
        ) : kind === "bar" ? (
          <BarChart data={data} margin={margin} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={GRID[mode]} />
            <XAxis dataKey="label" reversed={rtl} tick={tick} stroke={GRID[mode]} interval="preserveStartEnd" minTickGap={8} />
            <YAxis orientation={rtl ? "right" : "left"} tick={tick} tickFormatter={(v: number) => numbers.format(v)} allowDecimals={false} width={axisWidth} stroke={GRID[mode]} />
            {tooltip}
            <Bar dataKey="value" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} maxBarSize={32} />
          </BarChart>
        ) : (
          <AreaChart data={data} margin={margin} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={GRID[mode]} />
            <XAxis dataKey="label" reversed={rtl} tick={tick} stroke={GRID[mode]} interval="preserveStartEnd" minTickGap={16} />
            <YAxis orientation={rtl ? "right" : "left"} tick={tick} tickFormatter={(v: number) => numbers.format(v)} allowDecimals={false} width={axisWidth} stroke={GRID[mode]} />
            {tooltip}
            <Area type="monotone" dataKey="value" stroke={color} strokeWidth={2} fill={color} fillOpacity={dark ? 0.25 : 0.15} isAnimationActive={false} />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

"use client";

import dynamic from "next/dynamic";
import type { ChartKind, ChartPoint, ChartTone } from "./chart-types";

/**
 * The overview's charts load recharts only here, in the browser (next/dynamic with ssr off): no other page's bundle
 * carries it, and the overview's HTML arrives with its figures, summaries and tables before the drawings.
 */
const ChartView = dynamic(() => import("./ChartView"), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-full w-full animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />,
});

export function OverviewChart(props: { kind: ChartKind; data: ChartPoint[]; tone: ChartTone; locale: string; valueName: string; height: number }) {
  return (
    <div className="relative w-full min-w-0" style={{ height: props.height }} data-testid="chart-slot">
      <ChartView {...props} />
    </div>
  );
}

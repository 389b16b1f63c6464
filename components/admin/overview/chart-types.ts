/** One point of an overview chart: the axis label, the full label (tooltip, table) and the value. */
export interface ChartPoint {
  label: string;
  full: string;
  value: number;
}

export type ChartTone = "brand" | "sky" | "violet" | "emerald";
export type ChartKind = "area" | "bar" | "hbar";

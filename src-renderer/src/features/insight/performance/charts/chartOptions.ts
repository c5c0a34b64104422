/**
 * ECharts options built from report rows, as plain data: no ECharts import here, so the page
 * bundle does not pull the chart library in and the builders can be tested alone.
 */
export type ChartOption = Record<string, unknown>;

export interface Series {
  name: string;
  values: (number | null)[];
  /** 'bar' (default) or 'line' */
  type?: 'bar' | 'line';
  stack?: string;
}

/** Categories on x, one or more series; names are cut so long ones do not crowd the axis. */
export function categoryChart(categories: string[], series: Series[], opts: { percent?: boolean; big?: boolean } = {}): ChartOption {
  const font = opts.big ? 18 : 12;
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: series.length > 1, top: 0, textStyle: { fontSize: font } },
    grid: { left: 48, right: 16, top: series.length > 1 ? 32 : 16, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { fontSize: font, interval: 0, rotate: categories.length > 8 ? 30 : 0, width: 120, overflow: 'truncate' } },
    yAxis: { type: 'value', max: opts.percent ? 100 : undefined, axisLabel: { fontSize: font, formatter: opts.percent ? '{value}%' : '{value}' } },
    dataZoom: categories.length > 20 ? [{ type: 'slider', bottom: 0, end: Math.round((20 / categories.length) * 100) }] : undefined,
    series: series.map((s) => ({ name: s.name, type: s.type ?? 'bar', stack: s.stack, data: s.values, smooth: s.type === 'line', barMaxWidth: 48 })),
  };
}

/** Sums rows per (day, series key): workload answers one row per key and day. */
export function pivotByDay<R extends { day: string }>(rows: R[], keyOf: (r: R) => string, valueOf: (r: R) => number): { days: string[]; series: Series[] } {
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const keys = [...new Set(rows.map(keyOf))];
  const index = new Map(days.map((d, i) => [d, i]));
  const series = keys.map((name) => ({ name, values: days.map(() => 0) as (number | null)[], type: 'bar' as const, stack: 'total' }));
  for (const r of rows) {
    const s = series[keys.indexOf(keyOf(r))]!;
    const i = index.get(r.day)!;
    s.values[i] = (s.values[i] ?? 0) + valueOf(r);
  }
  return { days, series };
}

/** A 0..1 rate as a whole-ish percent for charts; null stays null (no data is not 0%). */
export const asPercent = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 1000) / 10);

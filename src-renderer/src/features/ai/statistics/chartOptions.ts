import type { ChartOption } from '../../insight/performance/charts/chartOptions';
import { chartPercent } from '../format';

export interface CurvePoint {
  recall: number;
  precision: number;
  score: number;
}

/**
 * The precision-recall curve at IoU 0.5 as a line over recall (both in percent); each point is an
 * operating point, so the tooltip names the score threshold that reaches it.
 */
export function prCurveOption(curve: readonly CurvePoint[], names: { recall: string; precision: string; score: string; series: string }): ChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { value: [number, number, number] }) =>
        `${names.recall}: ${p.value[0].toFixed(1)}%<br/>${names.precision}: ${p.value[1].toFixed(1)}%<br/>${names.score} ≥ ${p.value[2].toFixed(2)}`,
    },
    grid: { left: 56, right: 24, top: 24, bottom: 48, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, name: names.recall, nameLocation: 'middle', nameGap: 28, axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'value', min: 0, max: 100, name: names.precision, nameLocation: 'middle', nameGap: 44, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: names.series,
        type: 'line',
        showSymbol: true,
        symbolSize: 5,
        areaStyle: { opacity: 0.12 },
        data: curve.map((p) => [chartPercent(p.recall), chartPercent(p.precision), p.score]),
      },
    ],
  };
}

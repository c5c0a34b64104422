import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ChartOption } from './chartOptions';

// ECharts is large: it loads with the first chart, not with the app.
const EChartCore = lazy(() => import('./EChartCore'));

/** A chart with its accessible label; a skeleton while the chart code loads. */
export function Chart(props: { option: ChartOption; height?: number; label: string; dark?: boolean }) {
  const height = props.height ?? 280;
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChartCore {...props} height={height} />
    </Suspense>
  );
}

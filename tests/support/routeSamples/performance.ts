import { performanceRoutes } from '../../../src-shared/api/performance';
import type { SampleGroup } from './types';

/** Each report over the current team (team A for its members), narrowed to project P and a fixed range. */
const report = (path: string, extra: object = {}) => () => ({
  method: 'POST' as const,
  url: `/core/performance/${path}`,
  payload: { from: '2026-01-01', to: '2026-01-31', ...extra },
});

export const performanceSamples: SampleGroup = {
  routes: performanceRoutes,
  samples: {
    summary: report('summary'),
    efficiency: report('efficiency', { groupBy: 'project' }),
    personnel: report('personnel'),
    quality: report('quality', { groupBy: 'person' }),
    workload: report('workload', { groupBy: 'day' }),
    screen: () => ({ method: 'POST', url: '/core/performance/screen', payload: {} }),
    export: report('export', { report: 'personnel', format: 'csv' }),
  },
};

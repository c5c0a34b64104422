import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';
import { PATHS } from '../../app/paths';
import { ConnectionIndicator } from './shared/ConnectionIndicator';

/** The insight area: exports and imports of a project, performance reports, workstation operations. */
export const insightRoutes: AreaRoute[] = [
  { path: PATHS.performance, element: lazyPage(() => import('./performance/PerformancePage').then((m) => ({ default: m.PerformancePage }))) },
  { path: `${PATHS.performance}/wall`, element: lazyPage(() => import('./performance/WallScreen').then((m) => ({ default: m.WallScreen }))) },
  { path: PATHS.operations, element: lazyPage(() => import('./operations/OperationsPage').then((m) => ({ default: m.OperationsPage }))) },
];

export const insightNav: NavEntry[] = [
  { key: 'performance', path: PATHS.performance, labelKey: 'insight.nav.performance', requires: 'team.performance.read' },
  { key: 'operations', path: PATHS.operations, labelKey: 'insight.nav.operations' },
];

export const insightProjectTabs: ProjectTab[] = [
  { segment: 'exports', labelKey: 'insight.nav.exports', element: lazyPage(() => import('./exports/ExportsTab').then((m) => ({ default: m.ExportsTab }))), order: 80, requires: 'project.export' },
];

/** The connection-state light, on every signed-in page. */
export const insightHeaderWidgets: ComponentType[] = [ConnectionIndicator];

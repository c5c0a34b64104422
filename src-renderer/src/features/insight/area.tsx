import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { PATHS } from '../../app/paths';
import { ExportsTab } from './exports/ExportsTab';
import { OperationsPage } from './operations/OperationsPage';
import { PerformancePage } from './performance/PerformancePage';
import { WallScreen } from './performance/WallScreen';
import { ConnectionIndicator } from './shared/ConnectionIndicator';

/** The insight area: exports and imports of a project, performance reports, workstation operations. */
export const insightRoutes: AreaRoute[] = [
  { path: PATHS.performance, element: <PerformancePage /> },
  { path: `${PATHS.performance}/wall`, element: <WallScreen /> },
  { path: PATHS.operations, element: <OperationsPage /> },
];

export const insightNav: NavEntry[] = [
  { key: 'performance', path: PATHS.performance, labelKey: 'insight.nav.performance' },
  { key: 'operations', path: PATHS.operations, labelKey: 'insight.nav.operations' },
];

export const insightProjectTabs: ProjectTab[] = [{ segment: 'exports', labelKey: 'insight.nav.exports', element: <ExportsTab />, order: 80 }];

/** The connection-state light, on every signed-in page. */
export const insightHeaderWidgets: ComponentType[] = [ConnectionIndicator];

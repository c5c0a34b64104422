import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';
import { MY_WORK_PATH } from './paths';

/** My work (the caller's queues and this workstation's work packages) and the annotation workspace it opens, on a step's queue or on a package. */
export const workRoutes: AreaRoute[] = [
  { path: 'work', element: lazyPage(() => import('./MyWorkPage').then((m) => ({ default: m.MyWorkPage }))) },
  {
    path: 'work/:projectId/:taskId/:workflowId',
    fullScreen: true,
    element: lazyPage(() => import('./workspace/WorkspacePage').then((m) => ({ default: m.WorkspacePage }))),
  },
  {
    path: 'work/package/:packageId',
    fullScreen: true,
    element: lazyPage(() => import('./packages/PackageWorkspacePage').then((m) => ({ default: m.PackageWorkspacePage }))),
  },
];
export const workNav: NavEntry[] = [{ key: 'work', path: MY_WORK_PATH, labelKey: 'work.nav' }];
export const workProjectTabs: ProjectTab[] = [];
export const workHeaderWidgets: ComponentType[] = [];

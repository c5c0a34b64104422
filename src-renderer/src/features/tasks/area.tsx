import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';

/** Tasks, their workflows and dispatch: a tab of every project. */
export const tasksRoutes: AreaRoute[] = [];
export const tasksNav: NavEntry[] = [];
export const tasksProjectTabs: ProjectTab[] = [{ segment: 'tasks', labelKey: 'tasks.tab', element: lazyPage(() => import('./TasksTab').then((m) => ({ default: m.TasksTab }))), order: 40 }];
export const tasksHeaderWidgets: ComponentType[] = [];

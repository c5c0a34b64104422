import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';

/** What this feature area adds to the shell: its routes, navigation entries, project tabs and header widgets. */
export const projectRoutes: AreaRoute[] = [];
export const projectNav: NavEntry[] = [];
/** The project's own pages; other areas slot their tabs between (exports at 80). */
export const projectProjectTabs: ProjectTab[] = [
  { segment: '', labelKey: 'project.tabs.home', element: lazyPage(() => import('./home/ProjectHomePage').then((m) => ({ default: m.ProjectHomePage }))), order: 0 },
  { segment: 'data', labelKey: 'project.tabs.data', element: lazyPage(() => import('./dataset/DataPage').then((m) => ({ default: m.DataPage }))), order: 10 },
  { segment: 'members', labelKey: 'project.tabs.members', element: lazyPage(() => import('./members/MembersPage').then((m) => ({ default: m.MembersPage }))), order: 20 },
  // The rich-text instruction editor (TipTap) is the heaviest code of the project area: only here.
  { segment: 'settings', labelKey: 'project.tabs.settings', element: lazyPage(() => import('./settings/SettingsPage').then((m) => ({ default: m.SettingsPage }))), order: 90 },
];
/** Small components the shell's header shows (a switcher, a status light, a banner trigger). */
export const projectHeaderWidgets: ComponentType[] = [];

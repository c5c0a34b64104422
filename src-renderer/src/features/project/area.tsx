import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { DataPage } from './dataset/DataPage';
import { ProjectHomePage } from './home/ProjectHomePage';
import { MembersPage } from './members/MembersPage';
import { SettingsPage } from './settings/SettingsPage';

/** What this feature area adds to the shell: its routes, navigation entries, project tabs and header widgets. */
export const projectRoutes: AreaRoute[] = [];
export const projectNav: NavEntry[] = [];
/** The project's own pages; other areas slot their tabs between (exports at 80). */
export const projectProjectTabs: ProjectTab[] = [
  { segment: '', labelKey: 'project.tabs.home', element: <ProjectHomePage />, order: 0 },
  { segment: 'data', labelKey: 'project.tabs.data', element: <DataPage />, order: 10 },
  { segment: 'members', labelKey: 'project.tabs.members', element: <MembersPage />, order: 20 },
  { segment: 'settings', labelKey: 'project.tabs.settings', element: <SettingsPage />, order: 90 },
];
/** Small components the shell's header shows (a switcher, a status light, a banner trigger). */
export const projectHeaderWidgets: ComponentType[] = [];

import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';

/** What this feature area adds to the shell: its routes, navigation entries, project tabs and header widgets. */
export const teamRoutes: AreaRoute[] = [];
export const teamNav: NavEntry[] = [];
export const teamProjectTabs: ProjectTab[] = [];
/** Small components the shell's header shows (a switcher, a status light, a banner trigger). */
export const teamHeaderWidgets: ComponentType[] = [];

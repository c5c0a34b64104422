import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';

/** The notes centre: a tab of every project. */
export const notesRoutes: AreaRoute[] = [];
export const notesNav: NavEntry[] = [];
export const notesProjectTabs: ProjectTab[] = [{ segment: 'notes', labelKey: 'notes.tab', element: lazyPage(() => import('./NotesCentrePage').then((m) => ({ default: m.NotesCentrePage }))), order: 60 }];
export const notesHeaderWidgets: ComponentType[] = [];

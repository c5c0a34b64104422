import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { NotesCentrePage } from './NotesCentrePage';

/** The notes centre: a tab of every project. */
export const notesRoutes: AreaRoute[] = [];
export const notesNav: NavEntry[] = [];
export const notesProjectTabs: ProjectTab[] = [{ segment: 'notes', labelKey: 'notes.tab', element: <NotesCentrePage />, order: 60 }];
export const notesHeaderWidgets: ComponentType[] = [];

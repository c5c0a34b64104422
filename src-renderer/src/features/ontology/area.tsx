import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';

/** The ontology editor: a tab of every project. */
export const ontologyRoutes: AreaRoute[] = [];
export const ontologyNav: NavEntry[] = [];
export const ontologyProjectTabs: ProjectTab[] = [{ segment: 'ontology', labelKey: 'ontology.tab', element: lazyPage(() => import('./OntologyTab').then((m) => ({ default: m.OntologyTab }))), order: 30 }];
export const ontologyHeaderWidgets: ComponentType[] = [];

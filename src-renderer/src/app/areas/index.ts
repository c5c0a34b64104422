import type { ComponentType } from 'react';
import { insightHeaderWidgets, insightNav, insightProjectTabs, insightRoutes } from '../../features/insight/area';
import { projectHeaderWidgets, projectNav, projectProjectTabs, projectRoutes } from '../../features/project/area';
import { notesHeaderWidgets, notesNav, notesProjectTabs, notesRoutes } from '../../features/notes/area';
import { ontologyHeaderWidgets, ontologyNav, ontologyProjectTabs, ontologyRoutes } from '../../features/ontology/area';
import { tasksHeaderWidgets, tasksNav, tasksProjectTabs, tasksRoutes } from '../../features/tasks/area';
import { teamHeaderWidgets, teamNav, teamProjectTabs, teamRoutes } from '../../features/team/area';
import { workHeaderWidgets, workNav, workProjectTabs, workRoutes } from '../../features/work/area';
import { aiHeaderWidgets, aiNav, aiProjectTabs, aiRoutes } from '../../features/ai/area';
import type { AreaRoute, NavEntry, ProjectTab } from './types';

/**
 * Every feature area's contribution, gathered in one place so areas never edit each other's
 * files: the shell and the project layout render what is here and nothing else (a feature that
 * is not built has no entry, so no unfinished screen is ever reachable).
 */
export const AREA_ROUTES: AreaRoute[] = [...teamRoutes, ...projectRoutes, ...insightRoutes, ...notesRoutes, ...tasksRoutes, ...ontologyRoutes, ...workRoutes, ...aiRoutes];
export const NAV_ENTRIES: NavEntry[] = [...workNav, ...teamNav, ...projectNav, ...insightNav, ...notesNav, ...tasksNav, ...ontologyNav, ...aiNav];
export const PROJECT_TABS: ProjectTab[] = [...projectProjectTabs, ...insightProjectTabs, ...teamProjectTabs, ...notesProjectTabs, ...tasksProjectTabs, ...ontologyProjectTabs, ...workProjectTabs, ...aiProjectTabs].sort((a, b) => a.order - b.order);
export const HEADER_WIDGETS: ComponentType[] = [...teamHeaderWidgets, ...projectHeaderWidgets, ...insightHeaderWidgets, ...notesHeaderWidgets, ...tasksHeaderWidgets, ...ontologyHeaderWidgets, ...workHeaderWidgets, ...aiHeaderWidgets];

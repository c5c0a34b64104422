import type { ComponentType } from 'react';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';

/**
 * AI assistance: the project's AI tab (models, pre-annotation, training, statistics). Every
 * project role may use AI (`project.ai.use`); the page itself says when AI is switched off in
 * the project.
 */
export const aiRoutes: AreaRoute[] = [];
export const aiNav: NavEntry[] = [];
export const aiProjectTabs: ProjectTab[] = [{ segment: 'ai', labelKey: 'aiTab.tab', element: lazyPage(() => import('./AiTab').then((m) => ({ default: m.AiTab }))), order: 70, requires: 'project.ai.use' }];
export const aiHeaderWidgets: ComponentType[] = [];

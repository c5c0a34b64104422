import type { ReactNode } from 'react';
import type { ProjectAction, TeamAction } from '../../../../src-shared/model/permissions';

/** A page of a feature area, mounted under the logged-in shell. */
export interface AreaRoute {
  /** relative to the root, e.g. `team/members` or `projects/:projectId/data` */
  path: string;
  element: ReactNode;
  /** the page takes the whole window, without the shell's header and navigation (the annotation workspace) */
  fullScreen?: boolean;
}

/** An entry of the shell's side navigation. */
export interface NavEntry {
  key: string;
  /** where it leads (a PATHS value) */
  path: string;
  /** i18n key of its label */
  labelKey: string;
  icon?: ReactNode;
  /** what the caller's role in the current team must allow for the entry to be offered */
  requires?: TeamAction;
}

/** A tab of the project area (`/projects/:projectId/<segment>`), in display order by `order`. */
export interface ProjectTab {
  /** the path segment after the project id ('' for the project home) */
  segment: string;
  labelKey: string;
  element: ReactNode;
  order: number;
  /** what the caller's role on the project must allow for the tab to be offered (and opened) */
  requires?: ProjectAction;
}

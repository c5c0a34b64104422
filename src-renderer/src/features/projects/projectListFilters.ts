import type { ProjectListQuery, ProjectType } from '../../../../src-shared/api/project';

/** What the user set in the list's filter bar and table header. */
export interface ProjectListFilterState {
  name: string;
  nameCondition: 'contains' | 'equals' | 'startsWith';
  types: ProjectType[];
  memberIds: number[];
  memberCondition: 'any' | 'all' | 'none';
  /** only projects shared in from another team (true), only the team's own (false), or both */
  vendor: boolean | undefined;
  orderBy: 'createdAt' | 'updatedAt' | 'projectName';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const INITIAL_FILTERS: ProjectListFilterState = {
  name: '',
  nameCondition: 'contains',
  types: [],
  memberIds: [],
  memberCondition: 'any',
  vendor: undefined,
  orderBy: 'createdAt',
  order: 'desc',
  page: 1,
  pageSize: 20,
};

/** The GET /project query for the filters; filters left empty are not sent. */
export function toProjectListQuery(f: ProjectListFilterState): ProjectListQuery {
  const name = f.name.trim();
  return {
    page: f.page,
    pageSize: f.pageSize,
    orderBy: f.orderBy,
    order: f.order,
    ...(name ? { projectName: name, projectNameCondition: f.nameCondition } : {}),
    ...(f.types.length ? { type: f.types, typeCondition: 'in' as const } : {}),
    ...(f.memberIds.length ? { memberIds: f.memberIds, memberIdsCondition: f.memberCondition } : {}),
    ...(f.vendor !== undefined ? { isVendor: f.vendor } : {}),
  };
}

/** True when any filter narrows the list, so an empty answer means "nothing matches" rather than "nothing yet". */
export const isFiltered = (f: ProjectListFilterState) => f.name.trim() !== '' || f.types.length > 0 || f.memberIds.length > 0 || f.vendor !== undefined;

import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Page, PageQuery } from './envelope';

/** Project types; point clouds come later and will be added here. */
export const ProjectType = Type.Union([Type.Literal('image'), Type.Literal('frame')]);
export type ProjectType = Static<typeof ProjectType>;

export const ProjectSummary = Type.Object({
  projectId: Type.Integer(),
  projectName: Type.String(),
  type: ProjectType,
  isVendor: Type.Boolean(),
  teamId: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type ProjectSummary = Static<typeof ProjectSummary>;

export const ProjectListQuery = Type.Object({
  ...PageQuery,
  projectName: Type.Optional(Type.String({ maxLength: 128 })),
  type: Type.Optional(ProjectType),
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const projectRoutes = {
  list: defineRoute({
    method: 'GET', path: '/project', tag: 'Project', auth: true,
    summary: 'Projects of the current team the caller may see, newest first.',
    querystring: ProjectListQuery, data: Page(ProjectSummary),
  }),
} as const;

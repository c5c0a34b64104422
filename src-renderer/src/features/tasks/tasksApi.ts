import { batchRoutes } from '../../../../src-shared/api/batch';
import { dispatchRoutes } from '../../../../src-shared/api/dispatch';
import { projectRoutes } from '../../../../src-shared/api/project';
import { taskRoutes } from '../../../../src-shared/api/task';
import { workflowRoutes } from '../../../../src-shared/api/workflow';
import { api, routeRequest, type BodyOf, type DataOf, type QueryOf } from '../../app/apiSlice';
import { projectTags } from '../../app/projectTags';

type T = typeof taskRoutes;
type W = typeof workflowRoutes;
type D = typeof dispatchRoutes;
type InTask = { projectId: number; taskId: number };

const taskTags = (taskId: number) => [{ type: 'Task' as const, id: taskId }, { type: 'Workflow' as const, id: `task-${taskId}` }];

/** Tasks, their workflow steps and dispatches, as the tasks tab uses them. */
export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectTaskList: build.query<DataOf<T['projectTasks']>, { projectId: number } & NonNullable<QueryOf<T['projectTasks']>>>({
      query: ({ projectId, ...query }) => routeRequest(taskRoutes.projectTasks, { params: { projectId }, query }),
      providesTags: (r) => [{ type: 'Task', id: 'LIST' }, ...(r?.list.map((t) => ({ type: 'Task' as const, id: t.id })) ?? [])],
    }),
    taskDetail: build.query<DataOf<T['get']>, InTask>({
      query: ({ projectId, taskId }) => routeRequest(taskRoutes.get, { params: { id: taskId }, query: { projectId } }),
      providesTags: (_r, _e, { taskId }) => taskTags(taskId),
    }),
    taskOverview: build.query<DataOf<T['overview']>, InTask>({
      query: ({ projectId, taskId }) => routeRequest(taskRoutes.overview, { params: { id: taskId }, query: { projectId } }),
      providesTags: (_r, _e, { taskId }) => [...taskTags(taskId), { type: 'TaskSubject', id: `task-${taskId}` }],
    }),
    createTask: build.mutation<DataOf<T['create']>, NonNullable<BodyOf<T['create']>>>({
      query: (body) => routeRequest(taskRoutes.create, { body }),
      invalidatesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    updateTask: build.mutation<DataOf<T['update']>, { taskId: number } & NonNullable<BodyOf<T['update']>>>({
      query: ({ taskId, ...body }) => routeRequest(taskRoutes.update, { params: { id: taskId }, body }),
      invalidatesTags: (_r, _e, { taskId }) => [{ type: 'Task', id: 'LIST' }, ...taskTags(taskId)],
    }),
    removeTask: build.mutation<null, InTask>({
      query: ({ projectId, taskId }) => routeRequest(taskRoutes.remove, { params: { id: taskId }, query: { projectId } }),
      invalidatesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    cloneTask: build.mutation<DataOf<T['clone']>, InTask & { name: string }>({
      query: ({ projectId, taskId, name }) => routeRequest(taskRoutes.clone, { params: { id: taskId }, body: { projectId, name } }),
      invalidatesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    addStep: build.mutation<DataOf<W['create']>, NonNullable<BodyOf<W['create']>>>({
      query: (body) => routeRequest(workflowRoutes.create, { body }),
      invalidatesTags: (_r, _e, { taskId }) => taskTags(taskId),
    }),
    assignStep: build.mutation<DataOf<W['assignment']>, NonNullable<BodyOf<W['assignment']>> & { taskId: number }>({
      query: ({ taskId: _taskId, ...body }) => routeRequest(workflowRoutes.assignment, { body }),
      invalidatesTags: (_r, _e, { taskId }) => taskTags(taskId),
    }),
    removeStep: build.mutation<DataOf<W['remove']>, InTask & { workflowId: number }>({
      query: ({ projectId, workflowId }) => routeRequest(workflowRoutes.remove, { params: { workflowId }, query: { projectId } }),
      invalidatesTags: (_r, _e, { taskId }) => taskTags(taskId),
    }),
    dispatchTargets: build.query<DataOf<D['targets']>, InTask & { workflowId: number }>({
      query: ({ projectId, taskId, workflowId }) => routeRequest(dispatchRoutes.targets, { params: { taskId }, query: { projectId, workflowId } }),
      providesTags: (_r, _e, { taskId }) => [{ type: 'TaskSubject', id: `task-${taskId}` }],
    }),
    dispatches: build.query<DataOf<D['list']>, InTask & { page: number }>({
      query: ({ projectId, taskId, page }) => routeRequest(dispatchRoutes.list, { params: { taskId }, body: { projectId, page, pageSize: 10, includeCancelled: true } }),
      providesTags: (_r, _e, { taskId }) => [{ type: 'TaskSubject', id: `task-${taskId}` }],
    }),
    dispatch: build.mutation<DataOf<D['create']>, NonNullable<BodyOf<D['create']>>>({
      query: (body) => routeRequest(dispatchRoutes.create, { body }),
      invalidatesTags: (_r, _e, { taskId }) => [{ type: 'TaskSubject', id: `task-${taskId}` }],
    }),
    cancelDispatch: build.mutation<DataOf<D['cancel']>, InTask & { dispatchId: number }>({
      query: ({ projectId, taskId, dispatchId }) => routeRequest(dispatchRoutes.cancel, { params: { id: dispatchId }, body: { projectId, taskId } }),
      invalidatesTags: (_r, _e, { taskId }) => [{ type: 'TaskSubject', id: `task-${taskId}` }],
    }),
    taskMemberChoices: build.query<DataOf<(typeof projectRoutes)['listMembers']>, number>({
      query: (projectId) => routeRequest(projectRoutes.listMembers, { params: { projectId }, query: { page: 1, pageSize: 500 } }),
      providesTags: (_r, _e, projectId) => [projectTags.members(projectId)],
    }),
    /** The batches a new task can take: the project's batches, so an import or a colleague's new batch refreshes them too. */
    taskBatchChoices: build.query<DataOf<(typeof batchRoutes)['list']>, number>({
      query: (projectId) => routeRequest(batchRoutes.list, { body: { projectId, page: 1, pageSize: 500 } }),
      providesTags: (_r, _e, projectId) => [projectTags.batches(projectId)],
    }),
  }),
});

export const {
  useProjectTaskListQuery, useTaskDetailQuery, useTaskOverviewQuery, useCreateTaskMutation, useUpdateTaskMutation, useRemoveTaskMutation, useCloneTaskMutation,
  useAddStepMutation, useAssignStepMutation, useRemoveStepMutation, useDispatchTargetsQuery, useDispatchesQuery, useDispatchMutation, useCancelDispatchMutation,
  useTaskMemberChoicesQuery, useTaskBatchChoicesQuery,
} = tasksApi;

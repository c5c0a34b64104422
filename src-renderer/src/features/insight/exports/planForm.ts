import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { CocoMaskForm, ExportFilters, ExportFormatName, ExportOptions, ExportPlan } from '../../../../../src-shared/api/export';
import type { TaskSubjectState } from '../../../../../src-shared/model/taskSubjectFlow';

/** The plan dialog's fields: what a person picks, before it becomes the API's filters. */
export interface PlanFormValues {
  name: string;
  format: ExportFormatName;
  batchIds?: number[];
  taskId?: number | null;
  workflowIds?: number[];
  states?: TaskSubjectState[];
  range?: [Dayjs | null, Dayjs | null] | null;
  labelIds?: string[];
  annotatedOnly?: boolean;
  includeMedia?: boolean;
  /** absent: the format's default (keepsUnconfirmed) */
  includeUnconfirmed?: boolean;
  /** COCO's masks as run-length or polygons; absent: run-length */
  cocoMasks?: CocoMaskForm;
}

const nonEmpty = <T>(list: T[] | undefined): T[] | undefined => (list && list.length > 0 ? list : undefined);

/**
 * The filters the server takes: empty choices are left out (an empty array would be refused),
 * and steps and states only go with a task, since the server refuses them without one.
 */
export function filtersOf(v: Partial<PlanFormValues>): ExportFilters {
  const taskId = v.taskId ?? undefined;
  const [from, to] = v.range ?? [];
  const filters: ExportFilters = {
    batchIds: nonEmpty(v.batchIds),
    taskId,
    workflowIds: taskId ? nonEmpty(v.workflowIds) : undefined,
    states: taskId ? nonEmpty(v.states) : undefined,
    from: from ? from.valueOf() : undefined,
    to: to ? to.valueOf() : undefined,
    labelIds: nonEmpty(v.labelIds),
    annotatedOnly: v.annotatedOnly ? true : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as ExportFilters;
}

export function optionsOf(v: Partial<PlanFormValues>): ExportOptions {
  return {
    includeMedia: v.includeMedia ?? false,
    ...(v.includeUnconfirmed !== undefined ? { includeUnconfirmed: v.includeUnconfirmed } : {}),
    // Only COCO has the choice; another format's plan does not carry it.
    ...(v.cocoMasks !== undefined && (v.format ?? 'coco') === 'coco' ? { cocoMasks: v.cocoMasks } : {}),
  };
}

/** A saved plan as the dialog's fields, for editing it. */
export function formValuesOf(plan: ExportPlan): PlanFormValues {
  const f = plan.filters;
  return {
    name: plan.name,
    format: plan.format,
    batchIds: f.batchIds ?? [],
    taskId: f.taskId ?? null,
    workflowIds: f.workflowIds ?? [],
    states: f.states ?? [],
    range: f.from !== undefined || f.to !== undefined ? [f.from !== undefined ? dayjs(f.from) : null, f.to !== undefined ? dayjs(f.to) : null] : null,
    labelIds: f.labelIds ?? [],
    annotatedOnly: f.annotatedOnly ?? false,
    includeMedia: plan.options.includeMedia ?? false,
    ...(plan.options.includeUnconfirmed !== undefined ? { includeUnconfirmed: plan.options.includeUnconfirmed } : {}),
    ...(plan.options.cocoMasks !== undefined ? { cocoMasks: plan.options.cocoMasks } : {}),
  };
}

/** How many filters narrow the plan, for the plan list's one-line summary. */
export const filterCount = (filters: ExportFilters): number => Object.keys(filters).filter((k) => k !== 'to' || filters.from === undefined).length;

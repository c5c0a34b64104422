/**
 * A model's suggestions that nobody confirmed (issue 31). A suggestion (Detect, the other AI
 * tools, a pre-annotation job, the pre-annotation API) is stored with `source: 'ai'` and the
 * model's score; accepting it in the workspace makes it the person's own (`source: 'manual'`,
 * the score dropped). What is still `ai` when an item is handed on, nobody confirmed: the
 * workspace asks before a submit (or refuses, by a project setting), marks it for the reviewer,
 * and an export leaves it out unless asked to keep it. Classification answers are not counted:
 * the workspace shows a pre-annotated answer as the answer, with nothing to accept.
 */
import type { AnnotationObject, FrameData } from './annotation';

/** An object a model suggested and nobody accepted. */
export const isUnconfirmed = (o: Pick<AnnotationObject, 'source'>): boolean => o.source === 'ai';

/** How many unconfirmed suggestions the frames hold. */
export function unconfirmedCount(frames: Iterable<Pick<FrameData, 'objects'>>): number {
  let n = 0;
  for (const f of frames) for (const o of f.objects) if (isUnconfirmed(o)) n++;
  return n;
}

/** What a submit does with unconfirmed suggestions: ask the annotator first, or refuse it. */
export const UNCONFIRMED_ON_SUBMIT = ['ask', 'refuse'] as const;
export type UnconfirmedOnSubmit = (typeof UNCONFIRMED_ON_SUBMIT)[number];
/** The key of the project's configuration object (PUT /project/{projectId}/config) that holds it; absent reads as 'ask'. */
export const UNCONFIRMED_SETTING = 'unconfirmedOnSubmit';

/** The project's rule, from its configuration object ('ask' when absent or not one of the rules). */
export function unconfirmedOnSubmit(config: Record<string, unknown>): UnconfirmedOnSubmit {
  const value = config[UNCONFIRMED_SETTING];
  return value === 'refuse' ? 'refuse' : 'ask';
}

/** A configuration object whose rule is present and not one of UNCONFIRMED_ON_SUBMIT. */
export const invalidUnconfirmedSetting = (config: Record<string, unknown>): boolean =>
  UNCONFIRMED_SETTING in config && !UNCONFIRMED_ON_SUBMIT.includes(config[UNCONFIRMED_SETTING] as UnconfirmedOnSubmit);

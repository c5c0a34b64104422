import type { TFunction } from 'i18next';

/** The parts of a workflow step that say what it is called. */
export interface NamedStep {
  type: 'annotate' | 'review';
  /** The user's name for it; '' when never named (the server stores no default). */
  name: string;
  stepIndex: number;
}

/**
 * What a step is called on screen: the name a user typed, as typed, or else a default in the
 * reader's language from its type and current position ("审核 2", "Review 2"). The server keeps
 * no default of its own because it cannot know who reads it (docs/words.md).
 */
export const stepName = (t: TFunction, step: NamedStep): string =>
  step.name.trim() !== '' ? step.name : t(`common.stepName.${step.type}`, { n: step.stepIndex + 1 });

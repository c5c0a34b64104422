import type { AiBox, AiPoint, ModelHead, Prediction } from '../../src-shared/ai/protocol';
import type { MaskGeometry } from '../../src-shared/model/annotation';
import { cleanTextOf, normalizeName, type TextProblem } from '../../src-shared/model/text';
import type { AiModelsTable } from '../database/aiSchema';
import { AppError } from '../errors';
import { parseLabelKey } from './projectFeatures';

/**
 * Text a model service sends (its /health answer, its callbacks) is text from outside like any
 * request's, but no schema with the text rule stands at its door: the server takes it where it
 * stores it (docs/security.md, "Text from outside"). Per field:
 * - identifiers go back to the service (a model's name in every call, class names in ONNX
 *   calls, a prediction's class matched against them): the rule must take them unchanged, or
 *   the model is refused (`ai.modelTextRefused`, saying which field and why); cleaning them would
 *   break the service's own names;
 * - text only people read (a description, an error message) is cleaned: what the rule refuses
 *   is removed and it is cut at its limit;
 * - what the server sent and the service only echoes (a trained head's label keys, an
 *   evaluation's labels) keeps only what has the server's own shape, and the rest is dropped.
 */
export const SERVICE_TEXT_LIMITS = {
  /** a model's name as the service calls it (the protocol's ModelRef.name) */
  modelName: 128,
  description: 1_000,
  /** one class or keypoint name (ModelRef.classes' items) */
  className: 128,
  /** class or keypoint names of one model (ModelRef.classes' maxItems, and the ONNX route's) */
  classes: 10_000,
  /** a job's error message, as stored and answered */
  errorMessage: 2_000,
} as const;

/** Why an identifier was refused: the text rule's problems, or that the rule would change it, or its size. */
export type ServiceTextProblem = TextProblem | 'notNormal' | 'empty' | 'tooLong' | 'tooMany' | 'notText';

export interface ModelTextRefusal {
  field: 'name' | 'serviceModel' | 'classes';
  /** the class's position, for a class name */
  index?: number;
  problem: ServiceTextProblem;
}

const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Why the rule does not take an identifier exactly as sent, or null when it does. */
export function identifierProblem(raw: unknown, max: number): ServiceTextProblem | null {
  if (typeof raw !== 'string') return 'notText';
  if (raw.length > max * 2 || codePoints(raw) > max) return 'tooLong';
  const checked = normalizeName(raw);
  if (!checked.ok) return checked.problem;
  if (checked.value === '') return 'empty';
  return checked.value === raw ? null : 'notNormal';
}

/** The first identifier of a model the server will not store, or null. */
export function modelTextRefusal(m: { name: string; serviceModel: string; classes: unknown }): ModelTextRefusal | null {
  const name = identifierProblem(m.name, SERVICE_TEXT_LIMITS.modelName);
  if (name) return { field: 'name', problem: name };
  const serviceModel = identifierProblem(m.serviceModel, SERVICE_TEXT_LIMITS.modelName);
  if (serviceModel) return { field: 'serviceModel', problem: serviceModel };
  if (!Array.isArray(m.classes)) return { field: 'classes', problem: 'notText' };
  if (m.classes.length > SERVICE_TEXT_LIMITS.classes) return { field: 'classes', problem: 'tooMany' };
  for (const [index, c] of m.classes.entries()) {
    const problem = identifierProblem(c, SERVICE_TEXT_LIMITS.className);
    if (problem) return { field: 'classes', index, problem };
  }
  return null;
}

/** A refusal in words for a model row's `error` (ops and members read it); it never repeats the refused text. */
export const refusalText = (r: ModelTextRefusal): string =>
  `the model service lists this model with text the server does not store: ${r.field === 'classes' ? (r.index === undefined ? 'its classes' : `class ${r.index}`) : r.field === 'name' ? 'its name' : 'its service name'} (${r.problem})`;

/** A description as shown: free text, cleaned, at most 1,000 characters. */
export const cleanDescription = (raw: string): string => cleanTextOf('text', raw, SERVICE_TEXT_LIMITS.description);

/** An error message from outside (a service's, or one that quotes it), cleaned as free text and cut at 2,000 characters. */
export const cleanErrorMessage = (raw: string): string => cleanTextOf('text', raw, SERVICE_TEXT_LIMITS.errorMessage);

const score01 = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

/**
 * A trained head as stored: mapping entries from one of the model's classes to a label key of
 * the server's shape (`<featureId>:<labelId>`), thresholds of such keys. What else a service
 * sends back is dropped, so a head shows and sends nothing but names already stored and keys
 * the server made.
 */
export function trustedHead(head: ModelHead, classes: readonly string[]): ModelHead {
  const known = new Set(classes);
  const mapping: Record<string, string> = {};
  for (const [cls, label] of Object.entries(head.mapping ?? {})) if (known.has(cls) && typeof label === 'string' && parseLabelKey(label)) mapping[cls] = label;
  const thresholds: Record<string, number> = {};
  for (const [label, t] of Object.entries(head.thresholds ?? {})) if (parseLabelKey(label) && score01(t)) thresholds[label] = t;
  return { mapping, thresholds, defaultThreshold: score01(head.defaultThreshold) ? head.defaultThreshold : 0 };
}

/** What an evaluation measures of a prediction, all it stores of one: a box, or an outline (its mask when it came with one, else its points). */
export interface EvaluatedPrediction {
  label: string;
  score: number;
  box?: AiBox;
  points?: AiPoint[];
  mask?: MaskGeometry;
}

/** An evaluation's predictions as stored: a label key of the server's shape, score and geometry; class names and the rest are not kept. */
export function storedEvaluation(predictions: readonly Prediction[]): EvaluatedPrediction[] {
  return predictions.flatMap((p): EvaluatedPrediction[] => {
    if (!p.label || !parseLabelKey(p.label)) return [];
    const head = { label: p.label, score: p.score };
    if (p.box) return [{ ...head, box: { x: p.box.x, y: p.box.y, width: p.box.width, height: p.box.height } }];
    // a segmenter's pixels are what it found; its points are their simplified outline
    if (p.mask) return [{ ...head, mask: { x: p.mask.x, y: p.mask.y, width: p.mask.width, height: p.mask.height, rle: p.mask.rle } }];
    if (p.points && p.points.length >= 3) return [{ ...head, points: p.points.map((q) => ({ x: q.x, y: q.y })) }];
    return [];
  });
}

const parsedClasses = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/**
 * A model row as the server stores it, whichever door it came through (a service's /health, an
 * upload, a training run): identifiers the rule does not take as they are refuse the model
 * (`ai.modelTextRefused`), the description is cleaned, a head keeps only its trusted part.
 */
export function storableModel<T extends Omit<AiModelsTable, 'id'>>(values: T): T {
  const classes = parsedClasses(values.classes);
  const refusal = modelTextRefusal({ name: values.name, serviceModel: values.service_model, classes });
  if (refusal) throw new AppError('ai.modelTextRefused', refusal);
  const head = values.head ? (JSON.parse(values.head) as ModelHead) : null;
  return {
    ...values,
    description: cleanDescription(values.description),
    head: head ? JSON.stringify(trustedHead(head, classes as string[])) : null,
    error: values.error === null ? null : cleanErrorMessage(values.error),
  };
}

/**
 * The answers a new object starts with: the defaults of its feature's attributes (issue 31).
 * One rule for everything that makes objects, so what the form shows is what is stored and
 * exported: the workspace's tools (drawn, copied to the next frame, interpolated, followed by
 * tracking) and the server (Detect and the other AI tools, pre-annotation jobs and the
 * pre-annotation API, imports). An answer already there is kept, a cleared one (null, [] or '')
 * included: only an attribute with no answer at all takes its default.
 */
import type { AnnotationObject } from './annotation';
import type { OntologyAttribute } from './ontology';

type Answers = AnnotationObject['attributes'];
type Answer = Answers[string];
/** An attribute as stored or sent (the server may leave out `required` and empty lists). */
type AttributeLike = Pick<OntologyAttribute, 'id' | 'type' | 'number' | 'text'> & {
  options?: readonly { id: string; default?: boolean; attributes?: readonly unknown[] }[];
};

const nestedOf = (o: { attributes?: readonly unknown[] }): readonly AttributeLike[] => (o.attributes ?? []) as readonly AttributeLike[];

/** One attribute's default answer, or undefined when it has none. */
export function defaultOf(a: AttributeLike): string | number | string[] | undefined {
  const chosen = (a.options ?? []).filter((o) => o.default).map((o) => o.id);
  if (a.type === 'checkbox') return chosen.length > 0 ? chosen : undefined;
  if (a.type === 'radio' || a.type === 'select') return chosen[0];
  if (a.type === 'number') return a.number?.default;
  if (a.type === 'text') return a.text?.default;
  return undefined;
}

/** The options an answer picks (radio and select hold one id, checkbox several). */
const pickedIds = (answer: Answer | undefined): string[] => (Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : []);

/**
 * The answers with every unanswered attribute's default filled in, nested attributes included
 * under the options picked (by the answer, or by the default just filled). The answers given
 * are not changed; the same object comes back when nothing was missing.
 */
export function withAttributeDefaults(answers: Answers, attributes: readonly AttributeLike[] | undefined): Answers {
  let out = answers;
  const walk = (list: readonly AttributeLike[]) => {
    for (const a of list) {
      if (!(a.id in out)) {
        const value = defaultOf(a);
        if (value !== undefined) out = { ...out, [a.id]: value };
      }
      const picked = pickedIds(out[a.id]);
      for (const o of a.options ?? []) if (picked.includes(o.id)) walk(nestedOf(o));
    }
  };
  walk(attributes ?? []);
  return out;
}

/** The answers a new object of a feature starts with. */
export const attributeDefaults = (attributes: readonly AttributeLike[] | undefined): Answers => withAttributeDefaults({}, attributes);

/**
 * Objects with their features' defaults filled in; `attributesOf` answers a feature's
 * attributes (undefined for a feature the ontology no longer has: its objects are left alone).
 */
export function withObjectDefaults<O extends { featureId: number; attributes: Answers }>(objects: readonly O[], attributesOf: (featureId: number) => readonly AttributeLike[] | undefined): O[] {
  return objects.map((o) => {
    const attributes = withAttributeDefaults(o.attributes, attributesOf(o.featureId));
    return attributes === o.attributes ? o : { ...o, attributes };
  });
}

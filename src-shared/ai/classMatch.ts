/**
 * Which of a project's labels a model's class goes to, matched the way people name labels: in
 * English or Chinese or both ("Person 人"), singular or plural, by a synonym ("Pedestrian",
 * "行人"), by the label's own aliases, or by the group the class belongs to ("Animal 动物" takes
 * cat and horse). A label that takes "anything else" ("Object 物品") is only proposed: the
 * person confirms it once (docs/ai-models.md, "Classes and labels").
 */
import { CATCH_ALL_WORDS, COCO_CONCEPTS, GROUP_WORDS, KEYPOINT_CONCEPTS, type Concept, type GroupId } from './classVocabulary';

/** How a class found its label: a person chose it, its name or a synonym, its group, or a catch-all label. */
export const MATCH_HOWS = ['person', 'name', 'group', 'catchAll'] as const;
export type MatchHow = (typeof MATCH_HOWS)[number];

/** A label as the matcher sees it. */
export interface MatchLabel {
  featureId: number;
  labelId: string;
  name: string;
  aliases?: readonly string[];
  /** 0 for the model's own tool (a detector's boxes), 1 for others it may fill (outlines): a tie goes to the lower */
  tier?: number;
}

/** What the matcher proposes for one class: a label (or none), how it was found, and whether it is sure enough to use unasked. */
export interface ClassProposal {
  className: string;
  target: { featureId: number; labelId: string } | null;
  how: MatchHow | null;
  sure: boolean;
}

const IRREGULAR: Record<string, string> = {
  people: 'person', persons: 'person', men: 'man', women: 'woman', children: 'child', mice: 'mouse', geese: 'goose', teeth: 'tooth',
  feet: 'foot', knives: 'knife', leaves: 'leaf', wolves: 'wolf', shelves: 'shelf', calves: 'calf', lives: 'life', oxen: 'ox',
  cattle: 'cattle', sheep: 'sheep', fish: 'fish', species: 'species', series: 'series', buses: 'bus', tomatoes: 'tomato', potatoes: 'potato',
};

/** One English word in the singular: cars, buses, puppies, knives, people. */
function singular(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (!/^[a-z]{3,}$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** A word or phrase as compared: NFKC, lower case, each English word singular, spaces and dashes gone; Chinese plural 们 dropped. */
export function termOf(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]+/gu, ' ')
    .split(/[\s_-]+/)
    .filter(Boolean);
  const joined = words.map(singular).join('');
  return joined.length > 1 ? joined.replace(/们$/u, '') : joined;
}

/** The names a label answers to: its whole name, each part between separators, and each script's run ("Person 人" is "person" and "人"). */
export function labelTerms(name: string, aliases: readonly string[] = []): Set<string> {
  const out = new Set<string>();
  for (const text of [name, ...aliases]) {
    const add = (s: string) => {
      const t = termOf(s);
      if (t) out.add(t);
    };
    add(text);
    for (const part of text.split(/[/|,;，；、()（）[\]【】:：]+/u)) {
      add(part);
      for (const run of part.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) add(run);
    }
  }
  return out;
}

interface Vocabulary {
  conceptOf: Map<string, Concept>;
  groupOf: Map<string, GroupId>;
  catchAll: Set<string>;
}

function vocabulary(concepts: readonly Concept[]): Vocabulary {
  const conceptOf = new Map<string, Concept>();
  // The class names first, so a word that is one class's name and another's synonym stays the class's.
  for (const c of concepts) if (!conceptOf.has(termOf(c.words[0]!))) conceptOf.set(termOf(c.words[0]!), c);
  for (const c of concepts) for (const w of c.words) if (!conceptOf.has(termOf(w))) conceptOf.set(termOf(w), c);
  const groupOf = new Map<string, GroupId>();
  for (const [g, words] of Object.entries(GROUP_WORDS)) for (const w of words) groupOf.set(termOf(w), g as GroupId);
  return { conceptOf, groupOf, catchAll: new Set(CATCH_ALL_WORDS.map(termOf)) };
}

let objects: Vocabulary | undefined;
const objectVocabulary = () => (objects ??= vocabulary(COCO_CONCEPTS));

/** The words a class answers to: its own name, and its concept's synonyms and translations when it is a known one. */
function classTerms(className: string, v: Vocabulary): { terms: Set<string>; group?: GroupId } {
  const own = termOf(className);
  const concept = v.conceptOf.get(own);
  const terms = new Set([own, ...(concept?.words.map(termOf) ?? [])]);
  return concept?.group ? { terms, group: concept.group } : { terms };
}

/** The alias that makes a label take every class no other label takes, unasked ("Object 物品" in the demo project). */
export const CATCH_ALL_ALIAS = '*';

const RANK: Record<Exclude<MatchHow, 'person'>, number> = { name: 3, group: 2, catchAll: 1 };

/**
 * Proposes a label for each class among these labels. A class with one label at its best level of
 * match (among the model's own tool's labels first, `tier`) is sure (name or group); a catch-all
 * label, or two labels at the same level ("Man" and "Woman" for person), is a proposal to confirm.
 */
export function proposeLabels(classes: readonly string[], labels: readonly MatchLabel[]): ClassProposal[] {
  const v = objectVocabulary();
  const labelInfo = labels.map((l) => {
    const terms = labelTerms(l.name, l.aliases);
    const groups = new Set([...terms].flatMap((t) => (v.groupOf.has(t) ? [v.groupOf.get(t)!] : [])));
    // "*" among the aliases: the person said this label takes every class no other label does.
    const declared = l.aliases?.some((a) => a.trim() === CATCH_ALL_ALIAS) ?? false;
    const catchAll = declared || [...terms].some((t) => v.catchAll.has(t));
    return { label: l, terms, groups, catchAll, declared };
  });
  return classes.map((className) => {
    const cls = classTerms(className, v);
    let best = 0;
    let found: MatchLabel[] = [];
    for (const info of labelInfo) {
      const rank = [...cls.terms].some((t) => info.terms.has(t)) ? RANK.name : cls.group && info.groups.has(cls.group) ? RANK.group : info.catchAll ? RANK.catchAll : 0;
      if (rank === 0 || rank < best) continue;
      if (rank > best) [best, found] = [rank, []];
      found.push(info.label);
    }
    // A box label and an outline label of the same name: the box one, without asking.
    const tier = Math.min(...found.map((l) => l.tier ?? 0));
    found = found.filter((l) => (l.tier ?? 0) === tier);
    const first = found[0];
    if (!first) return { className, target: null, how: null, sure: false };
    const how = (Object.keys(RANK) as (keyof typeof RANK)[]).find((k) => RANK[k] === best)!;
    const declared = labelInfo.find((i) => i.label === first)!.declared;
    return { className, target: { featureId: first.featureId, labelId: first.labelId }, how, sure: found.length === 1 && (how !== 'catchAll' || declared) };
  });
}

let keypoints: Vocabulary | undefined;

/**
 * A model's keypoint names matched to a skeleton's points by name, in either language
 * ("left_shoulder" is "Left shoulder", "L shoulder", "左肩"). Points nobody names alike stay unmatched.
 */
export function matchPointNames(modelPoints: readonly string[], skeleton: readonly { id: string; name: string }[]): Map<string, string> {
  const v = (keypoints ??= vocabulary(KEYPOINT_CONCEPTS));
  const byTerm = new Map<string, string>();
  for (const p of skeleton) for (const t of labelTerms(p.name)) if (!byTerm.has(t)) byTerm.set(t, p.id);
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of modelPoints) {
    const { terms } = classTerms(name, v);
    const id = [...terms].map((t) => byTerm.get(t)).find((x) => x !== undefined && !taken.has(x));
    if (id) {
      out.set(name, id);
      taken.add(id);
    }
  }
  return out;
}

/** A name's terms with its concept's words: "Person 人" also answers to "people" and "行人". */
function widened(name: string, aliases?: readonly string[]): Set<string> {
  const v = objectVocabulary();
  const out = labelTerms(name, aliases);
  for (const t of [...out]) for (const w of v.conceptOf.get(t)?.words ?? []) out.add(termOf(w));
  return out;
}

/** Whether two labels name the same thing ("Person 人" and "行人", "Car" and "汽车"): a box's label and an outline label, for instance. */
export function sameThing(a: { name: string; aliases?: readonly string[] }, b: { name: string; aliases?: readonly string[] }): boolean {
  const left = widened(a.name, a.aliases);
  return [...widened(b.name, b.aliases)].some((t) => left.has(t));
}

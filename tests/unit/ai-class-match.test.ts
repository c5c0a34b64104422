import { describe, expect, it } from 'vitest';
import { matchPointNames, proposeLabels, termOf, type MatchLabel } from '../../src-shared/ai/classMatch';
import { COCO_CONCEPTS, KEYPOINT_CONCEPTS } from '../../src-shared/ai/classVocabulary';

const COCO = COCO_CONCEPTS.map((c) => c.words[0]!);
const label = (labelId: string, name: string, aliases?: string[], featureId = 1): MatchLabel => ({ featureId, labelId, name, ...(aliases ? { aliases } : {}) });
const targetOf = (classes: string[], labels: MatchLabel[]) => Object.fromEntries(proposeLabels(classes, labels).map((p) => [p.className, p.target ? `${p.target.labelId}/${p.how}/${p.sure ? 'sure' : 'ask'}` : null]));

describe('model classes to the labels people write', () => {
  it('takes the demo labels, bilingual, by name and by group, and proposes the catch-all without using it unasked', () => {
    const demo = [label('p', 'Person 人'), label('a', 'Animal 动物'), label('v', 'Vehicle 交通工具'), label('o', 'Object 物品')];
    const got = targetOf(['person', 'cat', 'horse', 'car', 'airplane', 'cup', 'toothbrush'], demo);
    expect(got).toEqual({
      person: 'p/name/sure',
      cat: 'a/group/sure',
      horse: 'a/group/sure',
      car: 'v/group/sure',
      airplane: 'v/group/sure',
      cup: 'o/catchAll/ask',
      toothbrush: 'o/catchAll/ask',
    });
  });

  it('matches in either language, plural or singular, and by common synonyms', () => {
    const cases: [string, string][] = [
      ['person', '人'], ['person', 'People'], ['person', 'Pedestrians 行人'], ['person', '行人'], ['car', 'Cars'], ['car', 'Automobile'], ['car', '汽车'],
      ['motorcycle', 'motorbikes'], ['bus', 'Buses 公交车'], ['dog', 'Puppies'], ['knife', 'Knives'], ['wine glass', 'Wine glasses'], ['cell phone', 'Mobile phone / 手机'],
      ['traffic light', 'traffic_light'], ['traffic light', 'Traffic-Lights'], ['tv', 'Television 电视'], ['horse', 'Horses'], ['couch', 'Sofa'], ['dining table', '餐桌'],
    ];
    for (const [cls, name] of cases) expect(proposeLabels([cls], [label('x', 'Unrelated 无关'), label('l', name)])[0], `${cls} → ${name}`).toMatchObject({ target: { labelId: 'l' }, how: 'name', sure: true });
  });

  it('takes a label by its own aliases, also for a team model whose classes no vocabulary knows', () => {
    expect(proposeLabels(['forklift', 'pallet'], [label('f', '叉车', ['forklift', 'fork lift truck']), label('p', 'Pallets')])).toMatchObject([
      { className: 'forklift', target: { labelId: 'f' }, how: 'name', sure: true },
      { className: 'pallet', target: { labelId: 'p' }, how: 'name', sure: true },
    ]);
  });

  it('a name beats a group, and two labels alike ask instead of picking one silently', () => {
    expect(targetOf(['dog', 'cat'], [label('an', 'Animal'), label('d', 'Dog 狗')])).toEqual({ dog: 'd/name/sure', cat: 'an/group/sure' });
    expect(targetOf(['person'], [label('m', 'Man'), label('w', 'Woman')])).toEqual({ person: 'm/name/ask' });
  });

  it('does not match a label by one word of a longer name', () => {
    expect(targetOf(['dog', 'bowl', 'person'], [label('b', 'Dog bowl'), label('t', 'Text block')])).toEqual({ dog: null, bowl: null, person: null });
  });

  it('every COCO class has a Chinese word, and no word names two classes', () => {
    const han = /\p{Script=Han}/u;
    for (const c of COCO_CONCEPTS) expect(c.words.some((w) => han.test(w)), c.words[0]).toBe(true);
    const seen = new Map<string, string>();
    for (const c of COCO_CONCEPTS) for (const w of c.words) {
      const t = termOf(w);
      expect(seen.get(t) ?? c.words[0], `${w} in ${c.words[0]} and ${seen.get(t)}`).toBe(c.words[0]);
      seen.set(t, c.words[0]!);
    }
    expect(COCO).toHaveLength(80);
  });
});

describe('pose keypoints to skeleton points', () => {
  const model = KEYPOINT_CONCEPTS.map((c) => c.words[0]!);
  it('maps the 17 COCO names to points named in English, Chinese, abbreviated or both', () => {
    const zh = ['鼻子', '左眼', '右眼', '左耳', '右耳', '左肩', '右肩', '左肘', '右肘', '左手腕', '右手腕', '左髋', '右髋', '左膝盖', '右膝盖', '左脚踝', '右脚踝'];
    const en = model.map((n) => n.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase()));
    for (const names of [zh, en, en.map((n, i) => `${n} ${zh[i]}`), model.map((n) => n.replace(/^left_(\w+)/, 'L $1').replace(/^right_(\w+)/, '$1_r'))]) {
      const got = matchPointNames(model, names.map((name, i) => ({ id: `k${i}`, name })));
      expect(got.size, names.join(',')).toBe(17);
      model.forEach((m, i) => expect(got.get(m)).toBe(`k${i}`));
    }
  });

  it('leaves points of another kind of skeleton unmatched', () => {
    expect(matchPointNames(model, [{ id: 'a', name: 'Wing tip' }, { id: 'b', name: 'Beak' }]).size).toBe(0);
  });
});

describe('labels that name the same thing', () => {
  it('knows a box label and an outline label alike by name, language or synonym, and not otherwise', async () => {
    const { sameThing } = await import('../../src-shared/ai/classMatch');
    expect(sameThing({ name: 'Person 人' }, { name: '行人' })).toBe(true);
    expect(sameThing({ name: 'Car' }, { name: 'Automobiles 汽车' })).toBe(true);
    expect(sameThing({ name: 'Forklift' }, { name: '叉车', aliases: ['forklift'] })).toBe(true);
    expect(sameThing({ name: 'Person 人' }, { name: 'Fruit 水果' })).toBe(false);
    expect(sameThing({ name: 'Text block' }, { name: 'Text line' })).toBe(false);
  });
});

describe('a label that takes every other class', () => {
  it('is used unasked when its aliases say "*", and only for classes no other label takes', () => {
    const labels = [label('p', 'Person 人'), label('a', 'Animal 动物'), label('o', 'Object 物品', ['*'])];
    expect(targetOf(['person', 'dog', 'cup', 'laptop'], labels)).toEqual({ person: 'p/name/sure', dog: 'a/group/sure', cup: 'o/catchAll/sure', laptop: 'o/catchAll/sure' });
  });
});

describe('labels of the model\'s own tool first', () => {
  it('a box label and an outline label of the same name: the box one, unasked', () => {
    const labels = [{ ...label('bp', 'Person 人', undefined, 1), tier: 0 }, { ...label('pp', 'Person 人', undefined, 2), tier: 1 }];
    expect(targetOf(['person'], labels)).toEqual({ person: 'bp/name/sure' });
  });
});

describe('the COCO skeleton template', () => {
  it('is named so every one of the pose model\'s 17 points finds its point, with COCO\'s 19 lines', async () => {
    const { COCO_SKELETON_TEMPLATE } = await import('../../src-shared/model/cocoSkeleton');
    const model = KEYPOINT_CONCEPTS.map((c) => c.words[0]!);
    const got = matchPointNames(model, COCO_SKELETON_TEMPLATE.points.map((p, i) => ({ id: `k${i}`, name: p.name })));
    model.forEach((m, i) => expect(got.get(m)).toBe(`k${i}`));
    expect(COCO_SKELETON_TEMPLATE.edges).toHaveLength(19);
    for (const e of COCO_SKELETON_TEMPLATE.edges) expect(Math.max(e.from, e.to)).toBeLessThan(17);
  });
});

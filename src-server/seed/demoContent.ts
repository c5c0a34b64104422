/**
 * What the demo project holds besides its photographs, in both languages: its name, the
 * instruction, the ontology, reject reasons, note labels, the batch and the task. The words are chosen for
 * the photographs in resources/demo-images (people, a cat, a horse, a rocket, a cup, coins,
 * galaxies, printed text). docs/demo-team.md explains the language choice.
 */
import type { FeatureInput } from '../../src-shared/model/ontology';

/** The languages the demo content can be written in; `both` puts the two side by side. */
export const DEMO_LANGUAGES = ['both', 'zh-CN', 'en-US'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

/** One text in the product's two languages. */
export interface Words {
  zh: string;
  en: string;
}

/** A name in the chosen language; `both` reads "English 中文", as the demo accounts are named. */
export const say = (w: Words, lang: DemoLanguage): string => (lang === 'zh-CN' ? w.zh : lang === 'en-US' ? w.en : `${w.en} ${w.zh}`);

/** DEMO_LANGUAGE as set in the environment; unset means both. */
export function demoLanguageOf(value: string | undefined): DemoLanguage {
  const v = value?.trim() || 'both';
  if ((DEMO_LANGUAGES as readonly string[]).includes(v)) return v as DemoLanguage;
  throw new Error(`DEMO_LANGUAGE must be one of ${DEMO_LANGUAGES.join(', ')} (got "${value}")`);
}

export const DEMO_PROJECT: { name: Words; description: Words } = {
  name: { en: 'Demo photos', zh: '示例图片' },
  description: { en: 'Ten photographs to try boxes and outlines on.', zh: '十张示例照片，用来试着画框和勾轮廓。' },
};
export const DEMO_BATCH: Words = { en: 'Demo photos', zh: '示例图片' };
export const DEMO_TASK: { name: Words; description: Words } = {
  name: { en: 'Label the demo photos', zh: '标注示例图片' },
  description: { en: 'Annotated by the demo annotator, reviewed by the demo reviewer.', zh: '由演示标注员标注，演示审核员审核。' },
};
export const DEMO_REJECT_REASONS: readonly Words[] = [
  { en: 'Box too loose', zh: '框太松' },
  { en: 'Wrong label', zh: '标签错误' },
  { en: 'Object missed', zh: '有物体漏标' },
];

/** Labels for notes annotators and reviewers leave on an item. */
export const DEMO_NOTE_LABELS: readonly (Words & { color: string })[] = [
  { en: 'Unclear', zh: '看不清', color: '#faad14' },
  { en: 'Question', zh: '疑问', color: '#1677ff' },
];

/**
 * Labels take the digit keys, as in CVAT and Label Studio: letters are the workspace's own
 * commands (v select, f fit, a and d frames, h hide, l lock).
 */
const BOX_LABELS: readonly (Words & { color: string; hotkey: string; aliases?: string[] })[] = [
  { en: 'Person', zh: '人', color: '#f5222d', hotkey: '1' },
  { en: 'Animal', zh: '动物', color: '#fa8c16', hotkey: '2' },
  { en: 'Vehicle', zh: '交通工具', color: '#1677ff', hotkey: '3' },
  // "*": the AI's classes that no other label takes (cup, book, laptop...) go here unasked (docs/ai-models.md).
  { en: 'Object', zh: '物品', color: '#52c41a', hotkey: '4', aliases: ['*'] },
];
const POLYGON_LABELS: readonly (Words & { color: string; hotkey: string })[] = [
  { en: 'Coin', zh: '硬币', color: '#faad14', hotkey: '5' },
  { en: 'Galaxy', zh: '星系', color: '#722ed1', hotkey: '6' },
  { en: 'Text block', zh: '文字块', color: '#13c2c2', hotkey: '7' },
];

/** The demo ontology: boxes with an occlusion question, and outlines with a legibility one. */
export function demoFeatures(lang: DemoLanguage): FeatureInput[] {
  const s = (w: Words) => say(w, lang);
  const labels = (list: typeof BOX_LABELS) => list.map((l) => ({ name: s(l), color: l.color, hotkey: l.hotkey, ...(l.aliases ? { aliases: l.aliases } : {}) }));
  return [
    {
      name: s({ en: 'Objects', zh: '物体' }),
      tool: 'box',
      labels: labels(BOX_LABELS),
      attributes: [
        {
          name: s({ en: 'Occluded', zh: '遮挡' }),
          type: 'radio',
          required: false,
          options: [
            { name: s({ en: 'No', zh: '无' }), default: true },
            { name: s({ en: 'Partly', zh: '部分' }) },
            { name: s({ en: 'Mostly', zh: '大部分' }) },
          ],
        },
      ],
    },
    {
      name: s({ en: 'Outlines', zh: '轮廓' }),
      tool: 'polygon',
      labels: labels(POLYGON_LABELS),
      attributes: [
        {
          name: s({ en: 'Clearly visible', zh: '清晰可见' }),
          type: 'checkbox',
          required: false,
          options: [{ name: s({ en: 'Yes', zh: '是' }), default: true }],
        },
      ],
    },
  ];
}

const INSTRUCTION: Record<'zh' | 'en', string> = {
  zh: [
    '<h2>示例项目：一分钟上手</h2>',
    '<p>这里有十张示例照片。用演示标注员登录，打开<strong>我的工作</strong>，点<strong>开始</strong>就能标注。</p>',
    '<ul>',
    '<li><strong>画框（物体）</strong>：按 1 人、2 动物、3 交通工具、4 物品，然后在图上点两下：左上角一下，右下角一下。</li>',
    '<li><strong>勾轮廓（轮廓）</strong>：按 5 硬币、6 星系、7 文字块，逐点单击，点回第一个点或按回车闭合。</li>',
    '<li>物体被挡住时，在右侧回答“遮挡”。</li>',
    '<li>画完点<strong>提交</strong>。演示审核员会在<strong>我的工作</strong>里看到它，可以通过或驳回。</li>',
    '</ul>',
  ].join(''),
  en: [
    '<h2>Demo project: your first minute</h2>',
    '<p>Ten demo photographs. Log in as the demo annotator, open <strong>My work</strong> and click <strong>Start</strong>.</p>',
    '<ul>',
    '<li><strong>Boxes (Objects)</strong>: press 1 Person, 2 Animal, 3 Vehicle or 4 Object, then click twice on the picture: one corner, then the opposite one.</li>',
    '<li><strong>Outlines</strong>: press 5 Coin, 6 Galaxy or 7 Text block, click point by point, and close on the first point or with Enter.</li>',
    '<li>When an object is hidden in part, answer "Occluded" on the right.</li>',
    '<li>When done, click <strong>Submit</strong>. The demo reviewer finds it in <strong>My work</strong> to pass or reject.</li>',
    '</ul>',
  ].join(''),
};

/** The instruction as rich text: one language, or Chinese (the interface's default) then English. */
export function demoInstruction(lang: DemoLanguage): string {
  if (lang === 'zh-CN') return INSTRUCTION.zh;
  if (lang === 'en-US') return INSTRUCTION.en;
  return `${INSTRUCTION.zh}<hr>${INSTRUCTION.en}`;
}

/**
 * An ontology with every attribute kind the model has (single choice as radio and select,
 * multiple choice, text, number, answers nested under an option, two questions of one name,
 * names in Chinese and English) on a box feature, two classification features, and one frame
 * that answers all of them. Element ids are opaque, as the server makes them, so a test that
 * finds one in an export has found a leak. `consumerView` is what a person reading the export
 * must see. Not used by production code.
 */
import type { FrameData } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';

const label = (id: string, name: string) => ({ id, name, color: '#3366ff' });
const option = (id: string, name: string, attributes?: OntologyFeature['attributes']) => ({ id, name, ...(attributes ? { attributes } : {}) });

export const attributeOntology: { features: OntologyFeature[] } = {
  features: [
    {
      featureId: 1,
      sortOrder: 0,
      name: '道路使用者',
      tool: 'box',
      labels: [label('lq7c1', 'car'), label('lq7c2', '行人')],
      attributes: [
        { id: 'awb56disq', name: 'occluded', type: 'radio', required: false, options: [option('o87xfbz9n', 'yes'), option('o87xfbz9m', 'no')] },
        { id: 'a1colour', name: '颜色', type: 'checkbox', required: false, options: [option('oc1', '红'), option('oc2', 'blue'), option('oc3', '绿')] },
        { id: 'a2make', name: 'Make', type: 'select', required: false, options: [option('om1', 'Toyota'), option('om2', '丰田')] },
        { id: 'a3plate', name: 'Plate', type: 'text', required: false },
        { id: 'a4speed', name: '速度', type: 'number', required: false, number: { min: 0, max: 300 } },
        { id: 'a5note', name: 'Note', type: 'text', required: false },
        {
          id: 'a6kind',
          name: 'Vehicle type',
          type: 'radio',
          required: false,
          options: [
            option('ok1', 'truck', [
              { id: 'a7axles', name: '轴数', type: 'number', required: false },
              { id: 'a8note', name: 'note', type: 'text', required: false },
              { id: 'a9cargo', name: 'Cargo', type: 'select', required: false, options: [option('oy1', 'sand'), option('oy2', '碎石')] },
            ]),
            option('ok2', 'bus'),
          ],
        },
      ],
    },
    {
      featureId: 2,
      sortOrder: 1,
      name: '天气',
      tool: 'classification',
      scope: 'subject',
      labels: [label('lw1', '晴'), label('lw2', 'rainy')],
      attributes: [{ id: 'aw1', name: 'Visibility', type: 'number', required: false }],
    },
    {
      featureId: 3,
      sortOrder: 2,
      name: 'Scene',
      tool: 'classification',
      scope: 'frame',
      labels: [],
      attributes: [{ id: 'as1', name: 'Time of day', type: 'radio', required: false, options: [option('ot1', 'day'), option('ot2', '夜晚')] }],
    },
  ],
};

/** One frame answering every question; feature ids as the sample's (the fixture maps them). */
export const attributeFrame: FrameData = {
  version: 1,
  objects: [
    {
      id: 'obj1',
      featureId: 1,
      labelId: 'lq7c1',
      tool: 'box',
      geometry: { x: 10, y: 20, width: 100, height: 50 },
      attributes: {
        awb56disq: 'o87xfbz9n',
        a1colour: ['oc1', 'oc2'],
        a2make: 'om2',
        a3plate: '沪A 12345',
        a4speed: 42.5,
        a5note: 'parked',
        a6kind: 'ok1',
        a7axles: 3,
        a8note: 'heavy',
        a9cargo: 'oy2',
      },
      zIndex: 0,
      source: 'manual',
    },
    { id: 'obj2', featureId: 1, labelId: 'lq7c2', tool: 'box', geometry: { x: 200, y: 100, width: 40, height: 80 }, attributes: { awb56disq: 'o87xfbz9m' }, zIndex: 1, source: 'manual' },
  ],
  classifications: [
    { id: 'cl1', featureId: 2, labelId: 'lw1', attributes: { aw1: 80 }, source: 'manual' },
    { id: 'cl2', featureId: 3, attributes: { as1: 'ot2' }, source: 'manual' },
  ],
};

/** What a consumer must read, per object (in order) and for the image, where the format keeps types (COCO, YOLO's JSON sidecar). */
export const consumerView = {
  objects: [
    {
      class: 'car',
      attributes: {
        occluded: 'yes',
        颜色: ['红', 'blue'],
        Make: '丰田',
        Plate: '沪A 12345',
        速度: 42.5,
        // two questions named "note" (compared ignoring case): each keyed by its path
        Note: 'parked',
        'Vehicle type': 'truck',
        轴数: 3,
        'Vehicle type/truck/note': 'heavy',
        Cargo: '碎石',
      },
    },
    { class: '行人', attributes: { occluded: 'no' } },
  ],
  image: { 天气: '晴', Visibility: 80, 'Time of day': '夜晚' },
};

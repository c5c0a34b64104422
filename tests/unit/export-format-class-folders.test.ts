import { describe, expect, it } from 'vitest';
import { formatFailure } from '../support/formatFailure';
import { classFolderIndex, folderNameOf } from '../../src-server/exports/formats/classFolderNames';
import { readClassFolders } from '../../src-server/exports/formats/classFolderReader';
import { writeClassFolders } from '../../src-server/exports/formats/classFolderWriter';
import type { ExportItem, ExportOntology } from '../../src-server/exports/formats/types';
import { mediaPaths } from '../../src-server/exports/writeExport';
import { labelUsages } from '../../src-server/imports/labelUsage';
import { planOntology } from '../../src-server/imports/ontologyPlan';
import { readSource } from '../../src-server/imports/readSource';
import type { FrameClassification } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';

const classification = (featureId: number, name: string, labels: [string, string][]): OntologyFeature => ({
  featureId, sortOrder: featureId, name, tool: 'classification', labels: labels.map(([id, n]) => ({ id, name: n, color: '#888888' })), attributes: [],
});

/** Animals (cat, Person 人), Light (red) and a box feature; Notes is a feature of questions alone. */
const ontology: ExportOntology = {
  features: [
    { featureId: 1, sortOrder: 0, name: 'Vehicles', tool: 'box', labels: [{ id: 'car', name: 'car', color: '#ff0000' }], attributes: [] },
    classification(2, 'Animal', [['cat', 'cat'], ['person', 'Person 人']]),
    classification(3, 'Light', [['red', 'red']]),
    classification(4, 'Notes', []),
  ],
};

let seq = 0;
const answer = (featureId: number, labelId?: string): FrameClassification => ({ id: `c${++seq}`, featureId, ...(labelId ? { labelId } : {}), attributes: {}, source: 'manual' });
const picture = (fileName: string, classifications: FrameClassification[], boxes = 0): ExportItem => ({
  dataId: ++seq,
  name: fileName,
  recordType: 'image',
  frames: [
    {
      frameId: seq, index: 0, fileName, width: 640, height: 480,
      data: {
        version: 1,
        classifications,
        objects: Array.from({ length: boxes }, (_, i) => ({ id: `b${i}`, featureId: 1, labelId: 'car', tool: 'box' as const, geometry: { x: 1, y: 2, width: 3, height: 4 }, attributes: {}, zIndex: i, source: 'manual' as const })),
      },
    },
  ],
});

const items: ExportItem[] = [
  picture('p1.jpg', [answer(2, 'cat')], 1),
  picture('p2.jpg', [answer(2, 'cat'), answer(3, 'red'), answer(4)]),
  picture('p3.jpg', [answer(4)]),
  picture('people/p4.png', [answer(2, 'person')]),
  // every video names its frames alike: the second is named by its whole path
  picture('clip/000001.jpg', [answer(2, 'cat')]),
  picture('other/000001.jpg', [answer(2, 'cat')]),
  // the same frame again (two items of one video overlap): one picture
  picture('clip/000001.jpg', [answer(2, 'cat')]),
];

const pathsOf = (format: 'yoloClassify' | 'imagenet') => {
  const of = mediaPaths(format, ontology);
  return items.map((item) => item.frames.map(of(item))[0]);
};

/** A zip of these pictures, as the import hands it to a reader: names only, nothing unpacked. */
const namesOnly = (...names: string[]) => new Map(names.map((n) => [n, Buffer.alloc(0)]));

describe('class folders: Ultralytics classification and ImageNet', () => {
  it('names a class folder after its label, safe as one path segment on every system', () => {
    expect(folderNameOf('Person 人')).toBe('Person 人');
    expect(folderNameOf('a/b\\c:d*')).toBe('a_b_c_d_');
    expect(folderNameOf('tab\there\u0000')).toBe('tab_here_');
    expect(['.', '..', '  Mr.  ', ''].map(folderNameOf)).toEqual(['_', '__', 'Mr_', '_']);
    expect(folderNameOf('CON')).toBe('CON_');
    expect(folderNameOf('nul.txt')).toBe('nul.txt_');
  });

  it('never merges two labels into one folder: each becomes "<label> (<feature>)", and ImageNet keeps no_label for itself', () => {
    const clashing: ExportOntology = {
      features: [classification(1, 'Light', [['r1', 'red'], ['n', 'no_label']]), classification(2, 'Paint', [['r2', 'Red '], ['b', 'blue']]), classification(3, 'Glass', [['r3', 'red (Light)']])],
    };
    const imagenet = classFolderIndex(clashing, ['no_label']);
    expect([imagenet.of(1, 'r1'), imagenet.of(2, 'r2'), imagenet.of(2, 'b'), imagenet.of(1, 'n'), imagenet.of(3, 'r3')]).toEqual(['red (Light) (2)', 'Red (Paint)', 'blue', 'no_label (Light)', 'red (Light)']);
    // Ultralytics has no folder of its own: no_label is a class like any other there
    expect(classFolderIndex(clashing).of(1, 'n')).toBe('no_label');
    expect(imagenet.of(1, 'gone')).toBeUndefined();
  });

  it('Ultralytics: puts each picture under train/<class>/ for each class, leaves out and counts those of none', async () => {
    expect(pathsOf('yoloClassify')).toEqual([
      ['train/cat/p1.jpg'],
      ['train/cat/p2.jpg', 'train/red/p2.jpg'],
      [],
      ['train/Person 人/p4.png'],
      ['train/cat/000001.jpg'],
      ['train/cat/other_000001.jpg'],
      [],
    ]);
    const report = await writeClassFolders(items, ontology, 'yoloClassify');
    expect(report).toEqual({
      format: 'yolo-classify',
      frames: 7,
      // p1, p2 twice, p4, both 000001.jpg
      objectsWritten: 6,
      skipped: { box: 1, noClass: 1 },
      warnings: [
        { code: 'severalClasses', file: 'p2.jpg' },
        { code: 'fileTaken', file: 'clip/000001.jpg', path: 'train/cat/000001.jpg' },
      ],
    });
  });

  it('ImageNet: puts each picture under <class>/, one of no class under no_label/', async () => {
    expect(pathsOf('imagenet')).toEqual([['cat/p1.jpg'], ['cat/p2.jpg', 'red/p2.jpg'], ['no_label/p3.jpg'], ['Person 人/p4.png'], ['cat/000001.jpg'], ['cat/other_000001.jpg'], []]);
    const report = await writeClassFolders(items, ontology, 'imagenet');
    expect(report).toMatchObject({ format: 'imagenet', frames: 7, objectsWritten: 6, skipped: { box: 1 }, warnings: [{ code: 'fileTaken', file: 'clip/000001.jpg', path: 'cat/000001.jpg' }] });
  });

  it('reads the folders back as tags, a picture in two folders as one frame with both, at the root or under a top folder', () => {
    for (const top of ['', 'dataset/']) {
      const read = readClassFolders(namesOnly(...['cat/p1.jpg', 'cat/p2.JPG', 'red/p2.JPG', 'no_label/p3.jpeg', 'Person 人/p4.png', 'readme.txt'].map((n) => top + n)), 'imagenet');
      expect(read.items.map((i) => [i.name, i.frames[0]!.tags])).toEqual([
        ['p1.jpg', [{ label: 'cat', attributes: {} }]],
        ['p2.JPG', [{ label: 'cat', attributes: {} }, { label: 'red', attributes: {} }]],
        ['p3.jpeg', []],
        ['p4.png', [{ label: 'Person 人', attributes: {} }]],
      ]);
      expect(read.items[0]!.frames[0]).toMatchObject({ fileName: 'p1.jpg', width: null, height: null, objects: [] });
      expect(read.labelNames).toEqual(['cat', 'red', 'Person 人']);
    }
    const yolo = readClassFolders(
      namesOnly('export/train/cat/p1.jpg', 'export/val/dog/p5.webp', 'export/test/cat/p6.TIF', 'export/val/cat/p1.jpg', '__MACOSX/export/train/cat/._p1.jpg', 'export/train/cat/.hidden.png', 'export/images/train/x.jpg'),
      'yoloClassify',
    );
    expect(yolo.items.map((i) => [i.name, i.frames[0]!.tags!.map((t) => t.label)])).toEqual([['p1.jpg', ['cat']], ['p5.webp', ['dog']], ['p6.TIF', ['cat']]]);
    expect(yolo.warnings).toEqual(['1 picture outside train/<class>/<picture> left out']);
  });

  it('says a zip without a picture in class folders is missing its files, with the layout', () => {
    expect(formatFailure(() => readClassFolders(namesOnly('readme.txt', 'a.jpg'), 'imagenet'))).toMatchObject({ code: 'import.missingFile', details: { file: '<class>/<picture>' } });
    expect(formatFailure(() => readClassFolders(namesOnly('images/train/a.jpg', 'labels/train/a.txt'), 'yoloClassify'))).toMatchObject({ code: 'import.missingFile', details: { file: 'train/<class>/<picture>' } });
  });

  it('tells a user who picked another format that the zip looks like class folders', async () => {
    const looksLike = (names: string[]) => readSource('coco', namesOnly(...names)).then(() => undefined, (err: { data: { looksLike?: string } }) => err.data.looksLike);
    expect(await looksLike(['dataset/train/cat/a.jpg'])).toBe('yoloClassify');
    expect(await looksLike(['cat/a.jpg', 'no_label/b.png'])).toBe('imagenet');
    // another format's pictures without its annotations are no class folders
    expect(await looksLike(['images/a.jpg'])).toBeUndefined();
  });

  it('offers to create a class the project lacks as a label of a classification feature, as CVAT tags are', async () => {
    const source = await readSource('yoloClassify', namesOnly('train/cat/p1.jpg', 'train/zebra/p9.jpg'));
    expect(source.frames.map((f) => [f.fileName, f.classifications.map((c) => c.label), f.normalised])).toEqual([['p1.jpg', ['cat'], false], ['p9.jpg', ['zebra'], false]]);
    let id = 0;
    const plan = planOntology(ontology.features as OntologyFeature[], labelUsages(source.frames), () => `new${++id}`);
    expect(plan.labelsMissing).toEqual([{ name: 'zebra', tool: 'classification', featureName: 'Animal' }]);
  });
});

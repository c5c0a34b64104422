import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { FormatError } from '../../src-server/exports/formats/formatError';
import type { ExportItem, ZipSink } from '../../src-server/exports/formats/types';
import { readVoc } from '../../src-server/exports/formats/vocReader';
import { VOC_IMAGE_SET, writeVoc } from '../../src-server/exports/formats/vocWriter';

const exportSample = () => writeIntoZip((sink) => writeVoc(sampleItems, sampleOntology, sink));
const text = (entries: ReadonlyMap<string, Buffer>, path: string) => entries.get(path)!.toString('utf8');
// An independent parse, as a user's script would read the files.
const xml = (s: string) => new XMLParser({ parseTagValue: false, isArray: (_n, p) => p === 'annotation.object' }).parse(s);

describe('Pascal VOC export', () => {
  it('writes one XML per frame with size and 1-based inclusive bndbox, and the image set list', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()].sort()).toEqual(['Annotations/a.xml', 'Annotations/clip/000000.xml', 'Annotations/clip/000001.xml', 'Annotations/folder/b.xml', VOC_IMAGE_SET]);
    expect(text(entries, VOC_IMAGE_SET)).toBe('a\nfolder/b\nclip/000000\nclip/000001\n');
    const a = xml(text(entries, 'Annotations/a.xml')).annotation;
    expect(a.filename).toBe('a.jpg');
    expect(a.size).toEqual({ width: '640', height: '480', depth: '3' });
    expect(a.object).toEqual([
      // x 10, width 100 covers pixels 11..110 counted from 1
      // its answers by name, as CVAT writes them
      {
        name: 'car', pose: 'Unspecified', truncated: '0', difficult: '0', occluded: '0', bndbox: { xmin: '11', ymin: '21', xmax: '110', ymax: '70' },
        attributes: { attribute: { name: 'Colour', value: 'Red' } },
      },
      // the rotated 行人 box: the axis-aligned box it covers, 190.83..250.17 x 96.44..184.06
      { name: '行人', pose: 'Unspecified', truncated: '0', difficult: '0', occluded: '0', bndbox: { xmin: '192', ymin: '97', xmax: '250', ymax: '184' } },
    ]);
    // the frame's classification, by the feature's name
    expect(a.attributes).toEqual({ attribute: { name: 'Weather', value: 'sunny' } });
    expect(result.skipped).toEqual({ rotatedBoxFlattened: 1, polygon: 1, polyline: 1, keypoints: 1 });
  });

  it('escapes label names with & < > and keeps Chinese as UTF-8 text', async () => {
    const { entries } = await exportSample();
    const b = text(entries, 'Annotations/folder/b.xml');
    expect(b.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(b).toContain('<name>truck &amp; &lt;trailer&gt;</name>');
    expect(xml(b).annotation.object[0].name).toBe('truck & <trailer>');
    expect(text(entries, 'Annotations/a.xml')).toContain('<name>行人</name>');
  });

  it('reads the boxes back: whole-pixel boxes exactly, fractional ones to half a pixel', async () => {
    const imported = readVoc((await exportSample()).entries);
    expect(imported.items[0]!.frames[0]!.attributes).toEqual({ Weather: 'sunny' });
    expect(imported.items.map((i) => [i.name, i.frames[0]!.width, i.frames[0]!.height])).toEqual([
      ['a.jpg', 640, 480],
      ['folder/b.png', 1280, 720],
      ['clip/000000.jpg', 320, 240],
      ['clip/000001.jpg', null, null],
    ]);
    const objects = imported.items.map((i) => i.frames[0]!.objects);
    expect(objects[0]![0]).toEqual({ label: 'car', attributes: { Colour: 'Red' }, tool: 'box', geometry: { x: 10, y: 20, width: 100, height: 50 } });
    expect(objects[2]).toEqual([{ label: 'car', attributes: {}, tool: 'box', geometry: { x: 1, y: 2, width: 3, height: 4 } }]);
    expect(objects[3]).toEqual([{ label: '行人', attributes: {}, tool: 'box', geometry: { x: 5, y: 6, width: 7, height: 8 } }]);
    const truck = objects[1]![0]!;
    expect(truck.label).toBe('truck & <trailer>');
    const g = truck.geometry as { x: number; y: number; width: number; height: number };
    for (const [got, want] of [[g.x, 600], [g.y, 300], [g.x + g.width, 800.75], [g.y + g.height, 420]] as const) expect(Math.abs(got - want)).toBeLessThanOrEqual(0.5);
    expect(imported.labelNames).toEqual(['car', '行人', 'truck & <trailer>']);
  });

  it('refuses an object without bndbox, a non-numeric coordinate and broken XML, naming file and field', () => {
    const failure = (body: string) => {
      try {
        readVoc(new Map([['Annotations/x.xml', Buffer.from(body)]]));
      } catch (err) {
        return err;
      }
      throw new Error('expected a FormatError');
    };
    const noBox = failure('<annotation><filename>x.jpg</filename><object><name>car</name></object></annotation>');
    expect(noBox).toBeInstanceOf(FormatError);
    expect(noBox).toMatchObject({ code: 'import.badFormat', details: { file: 'Annotations/x.xml', field: 'object[0].bndbox' } });
    expect(failure('<annotation><object><name>car</name><bndbox><xmin>a</xmin><ymin>1</ymin><xmax>2</xmax><ymax>3</ymax></bndbox></object></annotation>')).toMatchObject({
      details: { field: 'object[0].bndbox.xmin' },
    });
    expect(failure('<annotation><object><name>car</name></annotation')).toMatchObject({ code: 'import.badFormat', details: { file: 'Annotations/x.xml' } });
  });

  it('streams: the first XML reaches the sink before the last of 20,000 items is produced', async () => {
    const total = 20_000;
    let produced = 0;
    async function* items(): AsyncGenerator<ExportItem> {
      for (let i = 0; i < total; i++) {
        produced++;
        yield { ...sampleItems[2]!, frames: [{ ...sampleItems[2]!.frames[0]!, fileName: `img${i}.jpg` }] };
      }
    }
    let producedAtFirst = -1;
    const sink: ZipSink = {
      add: async (path) => {
        if (path === 'Annotations/img0.xml') producedAtFirst = produced;
      },
    };
    const report = await writeVoc(items(), sampleOntology, sink);
    expect(producedAtFirst).toBe(1);
    expect(report.objectsWritten).toBe(total);
  });
});

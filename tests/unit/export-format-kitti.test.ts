import { describe, expect, it } from 'vitest';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { readKitti } from '../../src-server/exports/formats/kittiReader';
import { writeKitti } from '../../src-server/exports/formats/kittiWriter';
import { formatFailure } from '../support/formatFailure';

const exportSample = () => writeIntoZip((sink) => writeKitti(sampleItems, sampleOntology, sink));

const failure = (text: string) => formatFailure(() => readKitti(new Map([['label_2/a.txt', Buffer.from(text)]])));

describe('KITTI 2D boxes', () => {
  it('writes a label file per frame, fifteen fields a box, as the KITTI devkit reads it', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()]).toEqual(['label_2/a.txt', 'label_2/folder/b.txt', 'label_2/clip/000000.txt', 'label_2/clip/000001.txt']);
    const lines = entries.get('label_2/a.txt')!.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('car 0 0 -10 10 20 110 70 -1 -1 -1 -1000 -1000 -1000 -10');
    expect(lines.every((l) => l.split(' ').length === 15)).toBe(true);
    // A type is one word: "truck & <trailer>" as truck_&_<trailer>.
    expect(entries.get('label_2/folder/b.txt')!.toString('utf8')).toMatch(/^truck_&_<trailer> /);
    expect(result.skipped).toEqual({ rotatedBoxFlattened: 1, polygon: 1, polyline: 1, keypoints: 1 });
  });

  it('reads boxes back by their frame stem, leaves DontCare out with a warning, and reads a score', () => {
    const r = readKitti(new Map([['data/label_2/000001.txt', Buffer.from('Car 0.50 2 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59\nDontCare -1 -1 -10 737.69 163.56 790.86 197.98 -1 -1 -1 -1000 -1000 -1000 -10\nPedestrian 0.00 0 -0.2 712.40 143.00 810.73 307.92 1.89 0.48 1.20 1.84 1.47 8.41 0.01 0.93\n')]]));
    expect(r.items).toHaveLength(1);
    const frame = r.items[0]!.frames[0]!;
    expect(frame.fileName).toBe('000001');
    expect(frame.objects[0]).toEqual({ label: 'Car', attributes: { truncated: true, occluded: true }, tool: 'box', geometry: { x: 587.01, y: 173.33, width: 614.12 - 587.01, height: 200.12 - 173.33 } });
    expect(frame.objects[1]).toMatchObject({ label: 'Pedestrian', attributes: {} });
    expect(r.warnings).toEqual(['data/label_2/000001.txt: 1 DontCare region left out']);
  });

  it('refuses a line that is not KITTI with the file and line', () => {
    expect(failure('Car 0 0 -10 1 2 3 4\n')).toMatchObject({ code: 'import.badFormat', details: { file: 'label_2/a.txt', line: 1 } });
    expect(failure('Car 0 0 -10 1 2 3 4 -1 -1 -1 -1000 -1000 -1000 -10\nCar 0 0 x 1 2 3 4 -1 -1 -1 -1000 -1000 -1000 -10\n')).toMatchObject({ details: { line: 2 } });
    expect(failure('Car 0 0 -10 5 2 3 4 -1 -1 -1 -1000 -1000 -1000 -10\n')).toMatchObject({ details: { line: 1 } });
    expect(formatFailure(() => readKitti(new Map([['readme.txt', Buffer.from('x')]])))).toMatchObject({ code: 'import.missingFile', details: { file: 'label_2/*.txt' } });
  });
});

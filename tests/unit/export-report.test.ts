import { describe, expect, it } from 'vitest';
import { writeYolo, type ExportItem } from '../../src-server/exports/formats';
import { WARNINGS_LISTED } from '../../src-server/exports/formats/geometry';
import { sampleOntology, writeIntoZip } from '../support/exportSample';

describe('export reports', () => {
  it('list the first 100 warnings and count the rest in one line', async () => {
    const unsized: ExportItem[] = Array.from({ length: 150 }, (_, i) => ({
      dataId: i + 1,
      name: `n${i}.jpg`,
      recordType: 'image',
      frames: [{ frameId: i + 1, index: 0, fileName: `n${i}.jpg`, width: null, height: null, data: { version: 1, objects: [], classifications: [] } }],
    }));
    const { result: report } = await writeIntoZip((sink) => writeYolo(unsized, sampleOntology, sink, 'detect'));
    expect(report.frames).toBe(150);
    expect(report.warnings).toHaveLength(WARNINGS_LISTED + 1);
    expect(report.warnings[0]).toBe('n0.jpg: size unknown, no label file written');
    expect(report.warnings.at(-1)).toBe('and 50 more warnings like these');
  });
});

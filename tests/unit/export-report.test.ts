import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { writeYolo, type ExportItem } from '../../src-server/exports/formats';
import { WARNINGS_LISTED } from '../../src-server/exports/formats/geometry';
import { resources } from '../../src-renderer/src/i18n/resources';
import { exportWarningText } from '../../src-renderer/src/features/insight/exports/exportWarningText';
import { sampleOntology, writeIntoZip } from '../support/exportSample';

async function wording(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, fallbackLng: false, initAsync: false, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
}

describe('export reports', () => {
  it('list the first 100 warnings and count the rest in one, worded in the reader\'s language', async () => {
    const unsized: ExportItem[] = Array.from({ length: 150 }, (_, i) => ({
      dataId: i + 1,
      name: `n${i}.jpg`,
      recordType: 'image',
      frames: [{ frameId: i + 1, index: 0, fileName: `n${i}.jpg`, width: null, height: null, data: { version: 1, objects: [], classifications: [] } }],
    }));
    const { result: report } = await writeIntoZip((sink) => writeYolo(unsized, sampleOntology, sink, 'detect'));
    expect(report.frames).toBe(150);
    expect(report.warnings).toHaveLength(WARNINGS_LISTED + 1);
    expect(report.warnings[0]).toEqual({ code: 'sizeUnknown', file: 'n0.jpg', outcome: 'noLabelFile' });
    expect(report.warnings.at(-1)).toEqual({ code: 'more', count: 50 });

    const en = await wording('en-US');
    const zh = await wording('zh-CN');
    expect(exportWarningText(en, report.warnings[0]!)).toBe('n0.jpg: image size unknown, no label file written');
    expect(exportWarningText(zh, report.warnings[0]!)).toBe('n0.jpg：图片尺寸未知，未写标注文件');
    expect(exportWarningText(en, report.warnings.at(-1)!)).toBe('and 50 more notes like these');
    expect(exportWarningText(zh, report.warnings.at(-1)!)).toBe('另有 50 条同类提示');
    expect(exportWarningText(en, { code: 'fileTaken', file: 'b.jpg', path: 'Annotations/b.xml' })).toBe('b.jpg: another frame already wrote Annotations/b.xml; this one was left out');
    // A report stored before notes had codes says what it said.
    expect(exportWarningText(zh, 'x.jpg: size unknown, written as 0 x 0')).toBe('x.jpg: size unknown, written as 0 x 0');
  });
});

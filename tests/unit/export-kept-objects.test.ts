import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_NAMES, keepsUnconfirmed } from '../../src-shared/api/export';
import { ANNOTATION_TOOLS } from '../../src-shared/model/annotation';
import { FORMAT_TOOLS, leftOutBecause } from '../../src-server/exports/formats/keptObjects';

const sized = { width: 640, height: 480 };

describe('what each export format keeps (issue 31)', () => {
  it('keeps the tools its writer writes, and says why it leaves the others out', () => {
    expect(ANNOTATION_TOOLS.filter((tool) => leftOutBecause('voc', { tool }, sized, true) === null)).toEqual(['box']);
    expect(ANNOTATION_TOOLS.filter((tool) => leftOutBecause('coco', { tool }, sized, true) === null)).toEqual(['box', 'polygon', 'keypoints', 'mask']);
    expect(ANNOTATION_TOOLS.filter((tool) => leftOutBecause('segmentationMask', { tool }, sized, true) === null)).toEqual(['box', 'polygon', 'mask']);
    expect(ANNOTATION_TOOLS.filter((tool) => leftOutBecause('yoloSegment', { tool }, sized, true) === null)).toEqual(['polygon', 'mask']);
    expect(leftOutBecause('voc', { tool: 'polygon' }, sized, true)).toBe('polygon');
    expect(leftOutBecause('coco', { tool: 'box' }, sized, false)).toBe('unknownLabel');
    for (const format of EXPORT_FORMAT_NAMES) for (const tool of FORMAT_TOOLS[format]) expect(leftOutBecause(format, { tool }, sized, true)).toBeNull();
  });

  it('leaves a YOLO frame of unknown size empty, and lossless keeps everything', () => {
    expect(leftOutBecause('yoloDetect', { tool: 'box' }, { width: null, height: null }, true)).toBe('unknownSize');
    expect(leftOutBecause('voc', { tool: 'box' }, { width: null, height: null }, true)).toBeNull();
    // PNG masks are pictures of the frame's size; COCO's run-length covers the image, its polygons do not need its size
    expect(leftOutBecause('segmentationMask', { tool: 'mask' }, { width: null, height: null }, true)).toBe('unknownSize');
    expect(leftOutBecause('coco', { tool: 'mask' }, { width: null, height: null }, true)).toBe('unknownSize');
    expect(leftOutBecause('coco', { tool: 'mask' }, { width: null, height: null }, true, { cocoMasks: 'polygon' })).toBeNull();
    expect(leftOutBecause('lossless', { tool: 'cuboid' }, { width: null, height: null }, false)).toBeNull();
  });

  it('keeps suggestions nobody confirmed in the lossless copy and the whole-project archive only, unless the plan says otherwise', () => {
    expect(EXPORT_FORMAT_NAMES.filter((f) => keepsUnconfirmed(f, {}))).toEqual(['lossless', 'project']);
    expect(keepsUnconfirmed('coco', { includeUnconfirmed: true })).toBe(true);
    expect(keepsUnconfirmed('lossless', { includeUnconfirmed: false })).toBe(false);
  });
});

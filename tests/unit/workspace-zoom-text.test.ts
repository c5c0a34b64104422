import { describe, expect, it } from 'vitest';
import { formatZoom, parseZoomInput } from '../../src-renderer/src/features/work/workspace/zoomText';

const FIT = ['Fit', '适应窗口', 'fit'];

describe('the zoom field', () => {
  it('shows the zoom as a whole percentage, with a decimal only below 10 %', () => {
    expect(formatZoom(1)).toBe('100%');
    expect(formatZoom(1.634)).toBe('163%');
    expect(formatZoom(64)).toBe('6400%');
    expect(formatZoom(0.025)).toBe('2.5%');
    expect(formatZoom(0.001)).toBe('0.1%');
  });
  it('reads what people type as a percentage', () => {
    expect(parseZoomInput('150', FIT)).toBe(1.5);
    expect(parseZoomInput(' 150 % ', FIT)).toBe(1.5);
    expect(parseZoomInput('12.5%', FIT)).toBe(0.125);
    expect(parseZoomInput('FIT', FIT)).toBe('fit');
    expect(parseZoomInput('适应窗口', FIT)).toBe('fit');
  });
  it('refuses what is not a zoom, so the field puts the zoom back', () => {
    for (const bad of ['', 'abc', '0', '0%', '-50', '1,5', '50%%', '1e3', 'Infinity']) expect(parseZoomInput(bad, FIT), bad).toBeNull();
  });
});

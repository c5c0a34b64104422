import { describe, expect, it } from 'vitest';
import { parseMobiles } from '../../src-renderer/src/features/team/common/parseMobiles';

describe('mobile numbers pasted into an invitation', () => {
  it('takes one per line or separated by commas, semicolons and spaces, Chinese punctuation included', () => {
    expect(parseMobiles('13800000001\n13800000002, 13800000003；13800000004、+8613800000005').valid).toEqual([
      '13800000001', '13800000002', '13800000003', '13800000004', '+8613800000005',
    ]);
  });

  it('drops dashes, dots and brackets people type inside a number', () => {
    expect(parseMobiles('138-0000-0001 (138)00000002 138.0000.0003').valid).toEqual(['13800000001', '13800000002', '13800000003']);
  });

  it('counts a repeated number once and keeps the order of first appearance', () => {
    expect(parseMobiles('13800000002 13800000001 13800000002').valid).toEqual(['13800000002', '13800000001']);
  });

  it('reports what is not a mobile number instead of sending it', () => {
    expect(parseMobiles('13800000001 12345 0138000000 abc')).toEqual({ valid: ['13800000001'], invalid: ['12345', '0138000000', 'abc'] });
  });

  it('finds nothing in blank input', () => {
    expect(parseMobiles('  \n , ')).toEqual({ valid: [], invalid: [] });
  });
});

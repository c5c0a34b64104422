import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src-server/performance/csv';
import { exportLanguage } from '../../src-server/performance/exportTables';
import { resolveRange } from '../../src-server/performance/dateRange';
import { NO_REASON, TYPED_REASON, rollupDeltas, verdictContextOf } from '../../src-server/performance/rollupDelta';

describe('CSV of a report', () => {
  it('quotes by RFC 4180 and defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv({ title: 'x', headers: ['Name', 'Note', 'Count'], rows: [['=SUM(A1:A9)', 'a, "b"\nc', 3], ['+1', '@cmd', null], ['-2', 'plain', 0]] }).toString('utf8');
    expect(csv).toBe('\uFEFFName,Note,Count\r\n\'=SUM(A1:A9),"a, ""b""\nc",3\r\n\'+1,\'@cmd,\r\n\'-2,plain,0\r\n');
  });
});

describe('column header language', () => {
  it('follows the Accept-Language weights between zh and en, Chinese by default', () => {
    expect(exportLanguage('en-US,en;q=0.9')).toBe('en');
    expect(exportLanguage('fr, zh-CN;q=0.4, en;q=0.8')).toBe('en');
    expect(exportLanguage('zh-TW,en;q=0.5')).toBe('zh');
    expect(exportLanguage('de')).toBe('zh');
    expect(exportLanguage(undefined)).toBe('zh');
  });
});

describe('report date range', () => {
  const now = Date.parse('2026-03-10T15:00:00Z');
  it('defaults to the 30 UTC days up to today and takes days or epoch ms', () => {
    expect(resolveRange({}, now)).toMatchObject({ from: '2026-02-09', to: '2026-03-10' });
    expect(resolveRange({ from: Date.parse('2026-03-01T23:59:59Z'), to: '2026-03-02' }, now)).toMatchObject({ from: '2026-03-01', to: '2026-03-02' });
  });
  it('refuses days that do not exist, reversed and over-long ranges', () => {
    expect(() => resolveRange({ from: '2026-02-29' }, now)).toThrow('performance.badDate');
    expect(() => resolveRange({ from: '2026-03-02', to: '2026-03-01' }, now)).toThrow('performance.badRange');
    expect(() => resolveRange({ from: '2025-03-09', to: '2026-03-10' }, now)).toThrow('performance.rangeTooLong');
    expect(resolveRange({ from: '2025-03-10', to: '2026-03-10' }, now).from).toBe('2025-03-10');
  });
});

describe('what one log row adds to the rollups', () => {
  const base = { task_subject_id: 1, task_id: 2, project_id: 3, workflow_id: 20, step_index: 1, user_id: 7, active_ms: 5000, object_count: 4, reject_reason_ids: [], reason: '', created_at: Date.parse('2026-03-10T23:59:59Z'), rework: false };
  it('credits a rejection to the reviewer and to the annotator whose work it judged, once per reason', () => {
    const verdict = verdictContextOf([{ action: 'submit', user_id: 9, workflow_id: 10, step_index: 0 }], 1);
    const out = rollupDeltas({ ...base, action: 'reject', reject_reason_ids: [5, 6, 5] }, verdict);
    expect(out.daily).toEqual([
      expect.objectContaining({ day: Date.parse('2026-03-10'), user_id: 7, workflow_id: 20, rejects_given: 1, reviewed_objects: 4, active_ms: 5000 }),
      expect.objectContaining({ user_id: 9, workflow_id: 10, rejects_received: 1, first_verdicts_received: 1, first_passes_received: 0, active_ms: 0 }),
    ]);
    expect(out.reasons.map((r) => [r.user_id, r.reason_id])).toEqual([[9, 5], [9, 6]]);
    // No reason of the catalogue: the reviewer's own words are told apart from no reason at all.
    expect(rollupDeltas({ ...base, action: 'reject', reason: 'The box misses the tail' }, verdict).reasons.map((r) => r.reason_id)).toEqual([TYPED_REASON]);
    expect(rollupDeltas({ ...base, action: 'reject', reason: '  ' }, verdict).reasons.map((r) => r.reason_id)).toEqual([NO_REASON]);
  });
  it('counts a pass after an earlier rejection as no first pass, and a save without active time as nothing', () => {
    const verdict = verdictContextOf([
      { action: 'submit', user_id: 9, workflow_id: 10, step_index: 0 },
      { action: 'reject', user_id: 7, workflow_id: 20, step_index: 1 },
      { action: 'submit', user_id: 8, workflow_id: 10, step_index: 0 },
    ], 1);
    expect(verdict).toEqual({ annotator: { userId: 8, workflowId: 10 }, rejectedBefore: true });
    expect(rollupDeltas({ ...base, action: 'pass' }, verdict).daily[1]).toMatchObject({ user_id: 8, passes_received: 1, first_verdicts_received: 0, first_passes_received: 0 });
    expect(rollupDeltas({ ...base, action: 'save', active_ms: 0 }, null)).toEqual({ daily: [], reasons: [] });
  });
});

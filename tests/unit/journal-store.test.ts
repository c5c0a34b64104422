import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnnotationObject, FrameClassification } from '../../src-shared/model/annotation';
import { mergeEdits, nextBatch, type QueuedEdit } from '../../src-main/services/journal/coalesce';
import { JOURNAL_DB_VERSION, migrateJournalDb } from '../../src-main/services/journal/migrations';
import { JournalStore } from '../../src-main/services/journal/store';

const box = (id: string, x = 10): AnnotationObject => ({
  id,
  featureId: 1,
  labelId: 'car',
  tool: 'box',
  geometry: { x, y: 10, width: 10, height: 8 },
  attributes: {},
  zIndex: 0,
  source: 'manual',
});
const edit = (seq: number, frameId: number, upsert: AnnotationObject[] = [], remove: string[] = []): QueuedEdit => ({ seq, frameId, upsert, remove });
const answer = (featureId: number, labelId: string): FrameClassification => ({ id: `cls-${featureId}`, featureId, labelId, attributes: {}, source: 'manual' });
const answering = (seq: number, frameId: number, classifications: FrameClassification[], upsert: AnnotationObject[] = []): QueuedEdit => ({ ...edit(seq, frameId, upsert), classifications });

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('journal migrations', () => {
  const tables = (db: BetterSqlite3.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

  it('step 1 creates the subjects, edits and saves tables from an empty file', () => {
    const db = new BetterSqlite3(path.join(dir, 'j.db'));
    expect(migrateJournalDb(db, 1)).toBe(1);
    expect(tables(db)).toEqual(['edits', 'edits_subject_seq', 'saves', 'saves_subject', 'subjects']);
    db.close();
  });

  it('step 2 adds the waiting-edits index and keeps the edits of a version 1 file', () => {
    const file = path.join(dir, 'j.db');
    const v1 = new BetterSqlite3(file);
    migrateJournalDb(v1, 1);
    v1.prepare("INSERT INTO edits (task_subject_id, frame_id, upsert, remove, created_at) VALUES (7, 70, '[]', '[\"a\"]', 1)").run();
    v1.close();
    const db = new BetterSqlite3(file);
    expect(migrateJournalDb(db)).toBe(JOURNAL_DB_VERSION);
    expect(tables(db)).toContain('edits_unconfirmed');
    expect(db.prepare('SELECT task_subject_id, remove FROM edits').all()).toEqual([{ task_subject_id: 7, remove: '["a"]' }]);
    db.close();
  });

  it('step 3 lets edits carry classification answers and keeps the edits of a version 2 file', () => {
    const file = path.join(dir, 'j.db');
    const v2 = new BetterSqlite3(file);
    migrateJournalDb(v2, 2);
    v2.prepare("INSERT INTO subjects (task_subject_id, user_id, version, updated_at) VALUES (7, 42, 3, 1)").run();
    v2.prepare(`INSERT INTO edits (task_subject_id, frame_id, upsert, remove, created_at) VALUES (7, 70, '${JSON.stringify([box('a')])}', '[]', 1)`).run();
    v2.close();
    const s = new JournalStore(file);
    expect(s.db.pragma('user_version', { simple: true })).toBe(JOURNAL_DB_VERSION);
    // The old edit reads back without classifications, and its save leaves the frame's answers alone.
    expect(s.unconfirmed(7)).toEqual([{ seq: 1, taskSubjectId: 7, frameId: 70, upsert: [box('a')], remove: [], createdAt: 1 }]);
    expect(JSON.parse(s.nextSave(7)!.body)).not.toHaveProperty('classifications');
    s.close();
  });

  it('step 4 queues a step action after the edits of a version 3 file, and keeps the item until it is sent', () => {
    const file = path.join(dir, 'j.db');
    const v3 = new BetterSqlite3(file);
    migrateJournalDb(v3, 3);
    v3.prepare("INSERT INTO subjects (task_subject_id, user_id, version, updated_at) VALUES (8, 42, 3, 1)").run();
    v3.close();
    const s = new JournalStore(file);
    expect(s.status(8)).toEqual({ taskSubjectId: 8, state: 'synced', pending: 0, version: 3 });
    s.queueHandoff(8, { action: 'skip', body: { taskSubjectId: 8, reason: 'blurry' } });
    expect(s.status(8)).toMatchObject({ state: 'pending', handoff: 'skip' });
    expect(s.waitingSubjects()).toEqual([8]);
    // Not forgotten while the action waits, neither by the renderer nor by the start-up prune.
    expect(s.forget(8)).toBe(false);
    expect(s.prune(0)).toBe(0);
    s.handedOff(8);
    expect(s.status(8)).toEqual({ taskSubjectId: 8, state: 'synced', pending: 0, version: 0 });
    s.close();
  });

  it('step 5 keeps where a task subject is worked on for the log records, across a reopen, and the subjects of a version 4 file', () => {
    const file = path.join(dir, 'j.db');
    const v4 = new BetterSqlite3(file);
    migrateJournalDb(v4, 4);
    v4.prepare("INSERT INTO subjects (task_subject_id, user_id, version, updated_at) VALUES (9, 42, 3, 1)").run();
    v4.close();
    const place = { projectId: 2, taskId: 5, workflowId: 11, workflowType: 'review', subjectDataId: 700 };
    const a = new JournalStore(file);
    expect(a.subject(9)).toMatchObject({ userId: 42, place: null });
    a.open(9, 3, 42, place);
    a.open(9, 3, 42); // an open that does not say keeps what was said
    a.close();
    const b = new JournalStore(file);
    expect(b.subject(9)).toMatchObject({ userId: 42, place });
    b.close();
  });

  it('refuses a file written by a newer version of the app', () => {
    const db = new BetterSqlite3(path.join(dir, 'j.db'));
    db.pragma(`user_version = ${JOURNAL_DB_VERSION + 1}`);
    expect(() => migrateJournalDb(db)).toThrow(/newer than this app/);
    db.close();
  });
});

describe('coalescing edits into saves', () => {
  it('merges upserts of the same object: the last one wins', () => {
    expect(mergeEdits([edit(1, 5, [box('a', 1), box('b')]), edit(2, 5, [box('a', 2)])])).toEqual({ upsert: [box('a', 2), box('b')], remove: [] });
  });

  it('a later removal cancels an earlier upsert and is still sent (the object may be on the server)', () => {
    expect(mergeEdits([edit(1, 5, [box('a'), box('b')]), edit(2, 5, [], ['a'])])).toEqual({ upsert: [box('b')], remove: ['a'] });
  });

  it('a later upsert cancels an earlier removal', () => {
    expect(mergeEdits([edit(1, 5, [], ['a', 'b']), edit(2, 5, [box('a')])])).toEqual({ upsert: [box('a')], remove: ['b'] });
  });

  it('applies removals before upserts within one edit, as the server does', () => {
    expect(mergeEdits([edit(1, 5, [box('a')], ['a'])])).toEqual({ upsert: [box('a')], remove: [] });
  });

  it('batches only consecutive edits of the same frame, never reordering across frames', () => {
    const queue = [edit(1, 5, [box('a')]), edit(2, 5, [box('b')]), edit(3, 6, [box('c')]), edit(4, 5, [], ['a'])];
    const first = nextBatch(queue)!;
    expect(first.frameId).toBe(5);
    expect(first.edits.map((e) => e.seq)).toEqual([1, 2]);
    expect(first.changes).toEqual({ upsert: [box('a'), box('b')], remove: [] });
    expect(nextBatch(queue.slice(2))!.edits.map((e) => e.seq)).toEqual([3]);
    expect(nextBatch([])).toBeNull();
  });

  it('keeps the last classification list of a batch, merging its object changes as usual', () => {
    const queue = [answering(1, 5, [answer(3, 'day')], [box('a')]), edit(2, 5, [box('b')], ['a']), answering(3, 5, [answer(3, 'night'), answer(4, 'rain')]), edit(4, 5, [box('c')])];
    expect(nextBatch(queue)!.changes).toEqual({ upsert: [box('b'), box('c')], remove: ['a'], classifications: [answer(3, 'night'), answer(4, 'rain')] });
    // An empty list is an answer too: every classification cleared.
    expect(mergeEdits([answering(1, 5, [answer(3, 'day')]), answering(2, 5, [])])).toEqual({ upsert: [], remove: [], classifications: [] });
  });

  it('sends no classifications when no edit of the batch set them', () => {
    expect(mergeEdits([edit(1, 5, [box('a')]), edit(2, 5, [], ['a'])])).not.toHaveProperty('classifications');
    // A classification edit on another frame ends the batch like any other edit.
    expect(nextBatch([edit(1, 5, [box('a')]), answering(2, 6, [answer(3, 'day')])])!.changes).toEqual({ upsert: [box('a')], remove: [] });
  });

  it('ends a batch before it would pass the server limits', () => {
    const queue = [edit(1, 5, [box('a'), box('b')]), edit(2, 5, [box('c'), box('d')]), edit(3, 5, [box('e')])];
    expect(nextBatch(queue, { objects: 3, edits: 10 })!.edits.map((e) => e.seq)).toEqual([1]);
    expect(nextBatch(queue, { objects: 100, edits: 2 })!.edits.map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe('journal store', () => {
  const file = () => path.join(dir, 'journal.db');
  const input = (frameId: number, upsert: AnnotationObject[] = [], remove: string[] = []) => ({ taskSubjectId: 1, frameId, upsert, remove });

  it('keeps every edit and the recorded save across a reopen of the file', () => {
    const a = new JournalStore(file());
    a.open(1, 3, 42);
    const seqs = [a.append(input(10, [box('a')]), 42), a.append(input(10, [box('b')]), 42), a.append(input(11, [], ['x']), 42)];
    const save = a.nextSave(1)!;
    a.close();

    const b = new JournalStore(file());
    expect(b.unconfirmed(1).map((e) => e.seq)).toEqual(seqs);
    expect(b.status(1)).toEqual({ taskSubjectId: 1, state: 'pending', pending: 3, version: 3 });
    // The same save comes back, byte for byte, under the same id: a retry is the same request.
    expect(b.nextSave(1)).toEqual(save);
    expect(JSON.parse(save.body)).toEqual({ taskSubjectId: 1, saveId: save.saveId, baseVersion: 3, frameId: 10, upsert: [box('a'), box('b')], remove: [] });
    b.close();
  });

  it('keeps classification answers across a reopen and sends the last list of a batch with its object changes', () => {
    const a = new JournalStore(file());
    a.open(1, 3, 42);
    a.append({ ...input(10, [box('a')]), classifications: [answer(3, 'day')] }, 42);
    a.append(input(10, [box('b')]), 42);
    a.append({ ...input(10), classifications: [answer(3, 'night')] }, 42);
    a.close();

    const b = new JournalStore(file());
    expect(b.unconfirmed(1).map((e) => e.classifications)).toEqual([[answer(3, 'day')], undefined, [answer(3, 'night')]]);
    const save = b.nextSave(1)!;
    expect(JSON.parse(save.body)).toEqual({ taskSubjectId: 1, saveId: save.saveId, baseVersion: 3, frameId: 10, upsert: [box('a'), box('b')], remove: [], classifications: [answer(3, 'night')] });
    b.confirmSave(save.saveId, 4);
    b.append(input(10, [], ['a']), 42);
    expect(JSON.parse(b.nextSave(1)!.body)).not.toHaveProperty('classifications');
    b.close();
  });

  it('confirms a save: its edits stop waiting and the next save builds on the version it produced', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    s.append(input(10, [box('a')]), 42);
    s.append(input(11, [], ['x']), 42);
    const first = s.nextSave(1)!;
    s.confirmSave(first.saveId, 4);
    expect(s.status(1)).toMatchObject({ state: 'pending', pending: 1, version: 4 });
    const second = s.nextSave(1)!;
    expect(JSON.parse(second.body)).toMatchObject({ baseVersion: 4, frameId: 11, remove: ['x'] });
    s.confirmSave(second.saveId, 5);
    expect(s.status(1)).toEqual({ taskSubjectId: 1, state: 'synced', pending: 0, version: 5 });
    expect(s.nextSave(1)).toBeNull();
    s.close();
  });

  it('on open answers the edits the server version lacks, including confirmed ones after an own version', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    s.append(input(10, [box('a')]), 42);
    s.confirmSave(s.nextSave(1)!.saveId, 4);
    s.append(input(10, [box('b')]), 42);
    s.confirmSave(s.nextSave(1)!.saveId, 5);
    s.append(input(10, [box('c')]), 42);
    // Read before our last save landed: version 4 is ours, so b (confirmed at 5) and c (waiting) go on top.
    const opened = s.open(1, 4, 42);
    expect(opened.edits.map((e) => e.upsert[0]!.id)).toEqual(['b', 'c']);
    expect(opened.status.state).toBe('pending');
    s.close();
  });

  it('on open with a version older than its own (read while our save landed) answers what the read lacks and keeps its version', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    s.append(input(10, [box('a')]), 42);
    s.stop(1, 'conflict', { code: 'annotate.stale', message: 'error.annotate.stale' }, 6);
    // Mine kept over their version 6; the save lands at 7 before the reopened item's read at 6 answers.
    s.resolve(1, 'mine', 6);
    s.confirmSave(s.nextSave(1)!.saveId, 7);
    const opened = s.open(1, 6, 42);
    expect(opened.edits.map((e) => e.upsert[0]!.id)).toEqual(['a']);
    expect(opened.status).toEqual({ taskSubjectId: 1, state: 'synced', pending: 0, version: 7 });
    s.close();
  });

  it('on open with someone else\'s version: adopts it when nothing waits, a conflict when edits wait', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    expect(s.open(1, 8, 42).status).toEqual({ taskSubjectId: 1, state: 'synced', pending: 0, version: 8 });
    s.append(input(10, [box('a')]), 42);
    const opened = s.open(1, 9, 42);
    expect(opened.status).toEqual({ taskSubjectId: 1, state: 'conflict', pending: 1, version: 8, serverVersion: 9, error: { code: 'annotate.stale', message: 'error.annotate.stale' } });
    expect(opened.edits.map((e) => e.upsert[0]!.id)).toEqual(['a']);
    expect(s.waitingSubjects()).toEqual([]);
    s.close();
  });

  it('on open leaves the decision to the sync while a save of ours is unanswered (it may have produced that version)', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    s.append(input(10, [box('a')]), 42);
    s.nextSave(1);
    expect(s.open(1, 4, 42).status.state).toBe('pending');
    s.close();
  });

  it('resolves a conflict: theirs drops the waiting edits, mine sends them again on the new version', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    s.append(input(10, [box('a')]), 42);
    const sent = s.nextSave(1)!;
    s.stop(1, 'conflict', { code: 'annotate.stale', message: 'error.annotate.stale' }, 6);
    s.resolve(1, 'mine', 6);
    const again = s.nextSave(1)!;
    expect(again.saveId).not.toBe(sent.saveId);
    expect(JSON.parse(again.body)).toMatchObject({ baseVersion: 6, upsert: [box('a')] });
    s.stop(1, 'conflict', { code: 'annotate.stale', message: 'error.annotate.stale' }, 7);
    s.resolve(1, 'theirs', 7);
    expect(s.status(1)).toEqual({ taskSubjectId: 1, state: 'synced', pending: 0, version: 7 });
    expect(s.nextSave(1)).toBeNull();
    s.close();
  });

  it('forgets a task subject only when nothing waits', () => {
    const s = new JournalStore(file());
    s.open(1, 3, 42);
    s.append(input(10, [box('a')]), 42);
    expect(s.forget(1)).toBe(false);
    s.confirmSave(s.nextSave(1)!.saveId, 4);
    expect(s.forget(1)).toBe(true);
    expect(s.subject(1)).toBeUndefined();
    expect(() => s.append(input(10, [box('b')]), 42)).toThrow(expect.objectContaining({ code: 'JOURNAL_NOT_OPEN' }));
    s.close();
  });

  it('prunes synced task subjects left untouched, never ones with edits waiting', () => {
    let t = 1000;
    const s = new JournalStore(file(), () => t);
    s.open(1, 3, 42);
    s.open(2, 3, 42);
    s.append({ ...input(10, [box('a')]), taskSubjectId: 2 }, 42);
    t += 10_000;
    expect(s.prune(5000)).toBe(1);
    expect(s.subject(1)).toBeUndefined();
    expect(s.subject(2)).toBeDefined();
    s.close();
  });
});

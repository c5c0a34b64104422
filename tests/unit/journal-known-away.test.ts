import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { JournalStatus } from '../../src-shared/ipc';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { WorkstationConfig } from '../../src-main/config';
import { EventBus } from '../../src-main/services/events';
import { createJournalService, type JournalService } from '../../src-main/services/journal';
import { ServerClient, SessionState } from '../../src-main/services/session';
import { freePort } from '../support/processes';

const box = (id: string): AnnotationObject => ({ id, featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 10, y: 10, width: 10, height: 8 }, attributes: {}, zIndex: 0, source: 'manual' });

let dir: string | null = null;
let journal: JournalService | null = null;
afterEach(async () => {
  await journal?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  journal = dir = null;
});

it('an edit on another item while the server is known to be away reads offline at once, not "saving" until its own send fails', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-away-'));
  // Nothing listens there: every send fails as a server that cannot be reached.
  const session = new SessionState();
  session.set({ tokenName: 'x-annot-token', tokenValue: 'token', user: { id: 7, name: 'Ann', mobile: '+15550007' } });
  const events = new EventBus();
  journal = createJournalService({ dataDir: dir } as WorkstationConfig, { server: new ServerClient(`http://127.0.0.1:${await freePort()}`, session), session, events, retry: { minMs: 60_000, maxMs: 60_000 } });
  const { handlers } = journal;

  const away = new Promise<void>((resolve) => events.on('connectivity', (e) => e.server === 'offline' && resolve()));
  await handlers['journal.open']({ taskSubjectId: 1, serverVersion: 1 });
  await handlers['journal.append']({ taskSubjectId: 1, frameId: 10, upsert: [box('a')] });
  await away;

  // The next item: the status the journal reports as the edit lands, before anything is sent.
  const told: JournalStatus[] = [];
  events.on('journal.sync', (s) => s.taskSubjectId === 2 && told.push(s));
  await handlers['journal.open']({ taskSubjectId: 2, serverVersion: 1 });
  await handlers['journal.append']({ taskSubjectId: 2, frameId: 20, upsert: [box('b')] });
  const firstWithEdits = told.find((s) => s.pending > 0);
  expect(firstWithEdits).toMatchObject({ state: 'offline', pending: 1, error: { code: 'JOURNAL_OFFLINE' } });
});

import { describe, expect, it, vi } from 'vitest';
import { LOG_LEVELS, type LogRecordInput } from '../../src-shared/ipc/logs';
import { createLogQueue, type LogSink } from '../../src-renderer/src/app/log/logQueue';

/** A stand-in for `logs.write`: keeps every call's records; fails while `down` is set. */
function fakeHost() {
  const calls: LogRecordInput[][] = [];
  const host = { calls, down: null as unknown, sink: (async (records) => {
    calls.push(records);
    if (host.down) throw host.down;
    return { written: records.length };
  }) as LogSink };
  return host;
}

const unreachable = Object.assign(new Error('fetch failed'), { code: 'HOST_UNREACHABLE' });

describe('renderer log queue', () => {
  it('sends N records logged in one tick as one logs.write with N records, in order', async () => {
    const host = fakeHost();
    const log = createLogQueue({ onSendFailure: () => {} });
    log.connect(host.sink);
    for (let i = 0; i < 50; i++) log.info(`record ${i}`);
    expect(host.calls).toHaveLength(0); // nothing is sent while the page is busy logging
    await log.drained();
    expect(host.calls).toHaveLength(1);
    expect(host.calls[0]).toHaveLength(50);
    expect(host.calls[0]!.map((r) => r.message)).toEqual(Array.from({ length: 50 }, (_, i) => `record ${i}`));
    expect(host.calls[0]![0]).toMatchObject({ level: LOG_LEVELS.info, at: expect.any(Number) as number });
  });

  it('fills the signed-in user and keeps only valid extra-info fields', async () => {
    const host = fakeHost();
    const log = createLogQueue();
    log.connect(host.sink);
    log.setContext({ userId: 7, userName: 'Ada' });
    log.warn('one', { projectId: 3, taskId: 9, remark: 'why' });
    log.error('two', { taskId: Number.NaN, userName: 5 as unknown as string, bogus: 1 } as never);
    await log.drained();
    expect(host.calls[0]).toEqual([
      { level: LOG_LEVELS.warn, message: 'one', at: expect.any(Number) as number, extra: { userId: 7, userName: 'Ada', projectId: 3, taskId: 9, remark: 'why' } },
      { level: LOG_LEVELS.error, message: 'two', at: expect.any(Number) as number, extra: { userId: 7, userName: 'Ada' } },
    ]);
  });

  it('keeps records logged before the host is connected and sends them once it is', async () => {
    const host = fakeHost();
    const log = createLogQueue();
    log.debug('early');
    await new Promise((r) => setTimeout(r, 30));
    expect(log.stats().buffered).toBe(1);
    log.connect(host.sink);
    await log.drained();
    expect(host.calls.flat().map((r) => r.message)).toEqual(['early']);
  });

  it('makes no record below the workstation\'s log level: waiting ones below it go, later ones are never made; off sends nothing', async () => {
    const host = fakeHost();
    const log = createLogQueue();
    log.debug('before the level was known');
    log.warn('a warning before');
    log.setMinLevel(LOG_LEVELS.warn);
    log.info('an info after');
    log.error('an error after');
    log.connect(host.sink);
    await log.drained();
    expect(host.calls.flat().map((r) => r.message)).toEqual(['a warning before', 'an error after']);
    log.setMinLevel(4);
    log.error('logging off');
    await log.drained();
    expect(host.calls).toHaveLength(1);
    expect(log.stats()).toMatchObject({ buffered: 0, dropped: 0 });
  });

  it('writes nothing of its own when logs.write fails: no record loop, the same records retried', async () => {
    const host = fakeHost();
    host.down = unreachable;
    const failures: unknown[] = [];
    const log = createLogQueue({ retryDelayMs: () => 5, onSendFailure: (e) => failures.push(e) });
    log.connect(host.sink);
    log.error('the one record');
    await vi.waitFor(() => expect(host.calls.length).toBeGreaterThanOrEqual(5));
    for (const call of host.calls) expect(call.map((r) => r.message)).toEqual(['the one record']);
    expect(log.stats()).toMatchObject({ buffered: 1, dropped: 0, sent: 0 });
    expect(failures).toEqual([unreachable]); // told once per outage, not once per attempt
    host.down = null;
    await log.drained();
    expect(log.stats()).toMatchObject({ buffered: 0, dropped: 0, sent: 1 });
  });

  it('a logs.write that throws at once does not throw to the caller', async () => {
    const log = createLogQueue({ retryDelayMs: () => 5, onSendFailure: () => {} });
    log.connect(() => {
      throw new Error('bridge gone');
    });
    expect(() => log.error('still fine')).not.toThrow();
    await new Promise((r) => setTimeout(r, 40));
    expect(log.stats()).toMatchObject({ buffered: 1, sent: 0 });
  });

  it('keeps at most maxBuffered records while the host is away, drops the oldest, counts and reports them', async () => {
    const host = fakeHost();
    host.down = unreachable;
    const log = createLogQueue({ maxBuffered: 100, retryDelayMs: () => 10, onSendFailure: () => {} });
    log.connect(host.sink);
    for (let i = 0; i < 250; i++) log.info(`r${i}`);
    expect(log.stats()).toMatchObject({ buffered: 100, dropped: 150 });
    await vi.waitFor(() => expect(host.calls.length).toBeGreaterThanOrEqual(1));
    host.down = null;
    await log.drained();
    const sent = host.calls.at(-1)!;
    expect(sent.slice(0, 100).map((r) => r.message)).toEqual(Array.from({ length: 100 }, (_, i) => `r${150 + i}`));
    expect(sent[100]).toMatchObject({ level: LOG_LEVELS.warn, message: 'renderer log: 150 records dropped while the workstation log could not take them' });
    expect(log.stats()).toMatchObject({ buffered: 0, dropped: 150, sent: 100 });
  });

  it('a batch the host refuses as malformed is dropped, not retried for ever', async () => {
    const host = fakeHost();
    host.down = Object.assign(new TypeError('records[0].level must be 0 to 3'), { code: 'BAD_ARGS' });
    const log = createLogQueue({ retryDelayMs: () => 5, onSendFailure: () => {} });
    log.connect(host.sink);
    log.info('refused');
    await log.drained();
    expect(host.calls).toHaveLength(1);
    expect(log.stats()).toMatchObject({ buffered: 0, dropped: 1, sent: 0 });
  });

  it('sends one batch at a time: records logged during a send go in the next call', async () => {
    let release!: () => void;
    const calls: string[][] = [];
    const log = createLogQueue();
    log.connect((records) => {
      calls.push(records.map((r) => r.message));
      return calls.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    });
    log.info('a');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    log.info('b');
    log.info('c');
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toHaveLength(1);
    release();
    await log.drained();
    expect(calls).toEqual([['a'], ['b', 'c']]);
  });
});

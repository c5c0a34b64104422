import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ErrorKey } from '../../src-shared/api/errors';
import { AppError } from '../errors';
import type { SourceFrame, SourceImport } from './sourceModel';
import type { FromZipReader, ToZipReader } from './zipReaderProtocol';

/**
 * The heap a zip reader process may use. The largest text an import reads is 512 MiB (one
 * string at most); a COCO JSON with what the import makes of it takes about 3.3 times its size
 * in heap (117 MB for 35.5 MB of JSON), so an honest file at the limit fits, and a JSON built to
 * blow up in memory meets the cap. The unpacked texts themselves are Buffers outside the heap,
 * bounded by IMPORT_LIMITS.unpackedBytes.
 */
export const ZIP_READER_HEAP_MB = 3072;
/**
 * A reading still going after this long is ended (import.zipTooLarge, limit 'time'): one import
 * is read at a time, so a reading that never ends would hold every later one. An honest 512 MiB
 * JSON takes well under a minute.
 */
export const ZIP_READ_TIME_MS = 10 * 60_000;
/** An idle reader process is ended after this long (it holds about 100 MB). */
const IDLE_MS = 5 * 60_000;
/** What V8 writes as it gives up (the process then aborts). */
const OUT_OF_HEAP = /heap out of memory|Allocation failed/;

type ReadJob = Omit<Extract<ToZipReader, { type: 'read' }>, 'type'>;

/** The reader parses hostile files: it gets none of the server's secrets (database URL, storage keys), only what Node and tsx use. */
const readerEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'TZ', 'NODE_ENV'].flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k]]])));

/**
 * A process that reads import zips, not a worker thread: a thread's `resourceLimits` are best
 * effort, and a JSON of one huge array made the thread's heap abort the whole server (Node issue
 * 47224). A process that runs out of heap ends alone, and the next reading starts another. It is
 * kept between readings (its code compiled and optimised: a fresh one read a big COCO twice as
 * slowly) and ended after IDLE_MS without one; unreferenced while idle, so it never keeps the
 * server from exiting.
 */
class ReaderProcess {
  private readonly child: ChildProcess;
  /** ended (out of heap, killed, idle too long): the next reading needs another */
  ended = false;
  busy = false;
  private stderr = '';
  private idle: NodeJS.Timeout | null = null;

  constructor(readonly heapMb: number) {
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    this.child = fork(fileURLToPath(new URL('./zipReaderProcess.ts', import.meta.url)), [], {
      execArgv: ['--import', tsxLoader, `--max-old-space-size=${heapMb}`, '--expose-gc'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: readerEnv(),
    });
    // Only the end is kept: it says whether V8 ran out of heap.
    this.child.stderr!.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-4096)));
    this.child.once('exit', () => (this.ended = true));
    this.child.on('error', () => (this.ended = true));
    this.rest();
  }

  /** Idle: not holding the server open, and ended after IDLE_MS. */
  private rest(): void {
    for (const h of [this.child, this.child.channel, this.child.stderr] as ({ unref(): void } | null | undefined)[]) h?.unref();
    this.idle = setTimeout(() => this.end(), IDLE_MS).unref();
  }

  private wake(): void {
    if (this.idle) clearTimeout(this.idle);
    for (const h of [this.child, this.child.channel, this.child.stderr] as ({ ref(): void } | null | undefined)[]) h?.ref();
  }

  end(): void {
    this.ended = true;
    this.child.kill();
  }

  async read(job: ReadJob): Promise<SourceImport> {
    const { child, heapMb } = this;
    this.busy = true;
    this.wake();
    this.stderr = '';
    const frames: SourceFrame[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.end();
    }, ZIP_READ_TIME_MS);
    let onMessage!: (m: FromZipReader) => void;
    let onClose!: (code: number | null, signal: NodeJS.Signals | null) => void;
    try {
      return await new Promise<SourceImport>((resolve, reject) => {
        onMessage = (m) => {
          if (m.type === 'frames') {
            for (const f of JSON.parse(m.json) as SourceFrame[]) frames.push(f);
            // The next slice after whatever else waits on this thread.
            setImmediate(() => child.connected && child.send({ type: 'next' } satisfies ToZipReader));
          } else if (m.type === 'done') resolve({ frames, warnings: m.warnings, skipped: m.skipped });
          else reject(m.key ? new AppError(m.key as ErrorKey, m.data) : new Error(`the zip reader failed: ${m.message}`));
        };
        // 'close', not 'exit': by then all it wrote to stderr has been read.
        onClose = (code, signal) => {
          if (timedOut) reject(new AppError('import.zipTooLarge', { limit: 'time', max: ZIP_READ_TIME_MS }));
          // Out of heap: the zip holds more than an import may take in.
          else if (OUT_OF_HEAP.test(this.stderr)) reject(new AppError('import.zipTooLarge', { limit: 'memory', max: heapMb * 1024 ** 2 }));
          else reject(new Error(`the zip reader ended (${signal ?? `code ${code}`}) without an answer: ${this.stderr.slice(-300)}`));
        };
        child.on('message', onMessage).once('close', onClose);
        child.send({ type: 'read', ...job } satisfies ToZipReader, (err) => err && reject(new Error(`the zip reader is gone: ${err.message}`)));
      });
    } finally {
      clearTimeout(timer);
      child.off('message', onMessage).off('close', onClose);
      this.busy = false;
      if (!this.ended) this.rest();
    }
  }
}

let reader: ReaderProcess | null = null;

/**
 * Reads the zip in the reader process (started when none is running), and answers what it read.
 * A heap other than the usual, or a reading while the reader is busy (the server reads one at a
 * time, readQueue.ts; tests may not), gets a process of its own, ended after it.
 */
export async function readZipInChild(job: ReadJob, heapMb = ZIP_READER_HEAP_MB): Promise<SourceImport> {
  if (heapMb === ZIP_READER_HEAP_MB && !(reader && !reader.ended && reader.busy)) {
    if (!reader || reader.ended) reader = new ReaderProcess(heapMb);
    return reader.read(job);
  }
  const own = new ReaderProcess(heapMb);
  try {
    return await own.read(job);
  } finally {
    own.end();
  }
}

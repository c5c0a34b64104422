/**
 * Import zips read in a process of their own (started by readZipInChild.ts): unpacking and
 * parsing a big JSON blocks for seconds, and a hostile zip may try to use all the memory it can
 * get. Here that time is spent off the server's event loop, under the heap cap the process was
 * started with; a file that blows past it ends this process, not the server. It reads one job
 * at a time, collects its garbage after each (the heap is back to almost nothing between
 * imports), and ends when the server that started it goes.
 */
import { AppError } from '../errors';
import { readSource } from './readSource';
import type { SourceFrame } from './sourceModel';
import { unzipNeeded } from './unzipNeeded';
import type { FromZipReader, ToZipReader } from './zipReaderProtocol';

/** Objects per `frames` message: a few milliseconds of JSON.parse on the server's thread. */
const OBJECTS_PER_MESSAGE = 20_000;

/** Slices sent ahead of the server's asking: one being parsed there, one on its way. */
const AHEAD = 2;

const post = (m: FromZipReader) => new Promise<void>((sent) => process.send!(m, undefined, {}, () => sent()));
/** The server asks for a next slice each time it has parsed one, so it never has a pile to parse in one go. */
let asked = 0;
let onAsked: (() => void) | null = null;

/** The frames cut into slices of about OBJECTS_PER_MESSAGE objects, as JSON, one at a time. */
function* slicesOf(frames: readonly SourceFrame[]): Generator<string> {
  let start = 0;
  let objects = 0;
  for (let i = 0; i < frames.length; i++) {
    objects += frames[i]!.objects.length + frames[i]!.classifications.length + 1;
    if (objects < OBJECTS_PER_MESSAGE && i < frames.length - 1) continue;
    yield JSON.stringify(frames.slice(start, i + 1));
    start = i + 1;
    objects = 0;
  }
}

async function postFrames(frames: readonly SourceFrame[]): Promise<void> {
  asked = 0;
  let sent = 0;
  for (const json of slicesOf(frames)) {
    while (sent - asked >= AHEAD) await new Promise<void>((resolve) => (onAsked = resolve));
    await post({ type: 'frames', json });
    sent++;
  }
}

async function read(job: Extract<ToZipReader, { type: 'read' }>): Promise<void> {
  try {
    const { frames, ...rest } = await readSource(job.format, await unzipNeeded(job.file, job.format, job.limits));
    await postFrames(frames);
    await post({ type: 'done', ...rest });
  } catch (err) {
    if (err instanceof AppError) await post({ type: 'failed', key: err.key, data: err.data, message: err.message });
    else await post({ type: 'failed', key: null, data: null, message: err instanceof Error ? err.message : String(err) });
  }
}

process.on('message', (m: ToZipReader) => {
  if (m.type === 'next') {
    asked++;
    onAsked?.();
  }
  // Started with --expose-gc: what one import left is not carried into the next.
  else void read(m).finally(() => globalThis.gc?.());
});
process.on('disconnect', () => process.exit(0));

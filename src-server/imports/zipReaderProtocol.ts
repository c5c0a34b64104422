import type { ImportFormat } from '../../src-shared/api/projectImport';
import type { SourceImport } from './sourceModel';
import type { UnzipLimits } from './unzipNeeded';

/** server -> reader process: its one job (the zip on disk and how to read it), then 'next' after each slice of frames. */
export type ToZipReader = { type: 'read'; file: string; format: ImportFormat; limits: UnzipLimits } | { type: 'next' };

/**
 * reader process -> server. What was read comes as `frames` messages, each a slice of the frames
 * as JSON text sent when the server asks for the next, then `done`; or `failed` instead (an
 * AppError crosses as its key and data). JSON in slices because the server's thread pays for
 * whatever it receives: a slice parses in milliseconds between other requests, and JSON.parse
 * makes objects about twice as fast as the structured clone would.
 */
export type FromZipReader =
  | { type: 'frames'; json: string }
  | ({ type: 'done' } & Omit<SourceImport, 'frames'>)
  | { type: 'failed'; key: string | null; data: unknown; message: string };

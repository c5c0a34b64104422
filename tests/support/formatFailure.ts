import { FormatError } from '../../src-server/exports/formats/formatError';

const refusedWith = (err: unknown): FormatError => {
  if (err instanceof FormatError) return err;
  throw err;
};

/** The FormatError a reader refuses a file with; anything else it throws, or no refusal, fails the test. */
export function formatFailure(read: () => unknown): FormatError {
  try {
    read();
  } catch (err) {
    return refusedWith(err);
  }
  throw new Error('expected a FormatError');
}

/** The same, for a reader that answers a promise (LabelMe's decodes PNGs). */
export async function formatFailureAsync(read: () => Promise<unknown>): Promise<FormatError> {
  try {
    await read();
  } catch (err) {
    return refusedWith(err);
  }
  throw new Error('expected a FormatError');
}

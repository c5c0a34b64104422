import { expect } from 'vitest';

/** What a failed call tells the renderer: its code and message. */
export async function failure(p: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: unknown; message: string } | null;
  expect(err, 'the call should have failed').not.toBeNull();
  return { code: err!.code, message: err!.message };
}

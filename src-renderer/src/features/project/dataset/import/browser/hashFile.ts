import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Up to this size a file is hashed in one piece by WebCrypto (several times faster than JS). */
const WHOLE_UP_TO = 32 * 1024 * 1024;
/** Larger files are read and hashed a slice at a time, so memory holds one slice, whatever the file's size. */
const SLICE_BYTES = 8 * 1024 * 1024;

/**
 * The sha256 of a picked file, as hex. WebCrypto hashes only a whole buffer, so a 4 GB video
 * picked in the browser would sit in memory whole (twice, with two read at once); past 32 MB the
 * file is read in 8 MB slices into an incremental hash (@noble/hashes) instead. The answer is the
 * same either way (tests/unit/browser-hash-file.test.ts).
 */
export async function hashFile(file: Blob, signal?: AbortSignal): Promise<string> {
  if (file.size <= WHOLE_UP_TO) return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer())));
  const hash = sha256.create();
  for (let at = 0; at < file.size; at += SLICE_BYTES) {
    if (signal?.aborted) throw signal.reason;
    hash.update(new Uint8Array(await file.slice(at, at + SLICE_BYTES).arrayBuffer()));
  }
  return bytesToHex(hash.digest());
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LogUploader } from './shipper';

/** The storage service's file upload, as far as the logger needs it. */
export type FileUpload = (args: { file: string; key: string; contentType: string }) => Promise<unknown>;

/**
 * A LogUploader on top of an upload that takes a file path (the storage service uploads files):
 * each zip is written to a temp file under `tmpDir`, uploaded, and removed whatever happened.
 */
export function uploadViaFile(uploadFile: FileUpload, tmpDir: string): LogUploader {
  return async (key, bytes, contentType) => {
    await fs.mkdir(tmpDir, { recursive: true });
    const file = path.join(tmpDir, `${randomUUID()}.zip`);
    await fs.writeFile(file, bytes);
    try {
      await uploadFile({ file, key, contentType });
    } finally {
      await fs.rm(file, { force: true });
    }
  };
}

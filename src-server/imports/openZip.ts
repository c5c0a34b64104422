/**
 * A zip's files for the readers, refusing what is not a zip, an empty one, and one that would
 * unpack to more than the import reads (a small zip can hold gigabytes of zeros). Sizes are
 * taken from the zip's directory before anything is unpacked.
 */
import AdmZip from 'adm-zip';
import { IMPORT_LIMITS } from '../../src-shared/api/projectImport';
import { zipEntries, type ZipEntries } from '../exports/formats';
import { AppError } from '../errors';

function directoryOf(zip: Buffer): AdmZip.IZipEntry[] {
  try {
    return new AdmZip(zip).getEntries();
  } catch (err) {
    throw new AppError('import.badZip', { message: (err as Error).message });
  }
}

export function openZip(zip: Buffer, limits: Pick<typeof IMPORT_LIMITS, 'unpackedBytes' | 'entryBytes'> = IMPORT_LIMITS): ZipEntries {
  const files = directoryOf(zip).filter((e) => !e.isDirectory);
  if (files.length === 0) throw new AppError('import.emptyZip');
  let total = 0;
  for (const e of files) {
    if (e.header.size > limits.entryBytes) throw new AppError('import.zipTooLarge', { limit: 'entry', max: limits.entryBytes, file: e.entryName });
    total += e.header.size;
    if (total > limits.unpackedBytes) throw new AppError('import.zipTooLarge', { limit: 'unpacked', max: limits.unpackedBytes });
  }
  try {
    return zipEntries(zip);
  } catch (err) {
    // A damaged entry (bad CRC, truncated data) shows only when it is unpacked.
    throw new AppError('import.badZip', { message: (err as Error).message });
  }
}

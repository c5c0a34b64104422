/**
 * A zip's files as readers take them. Entries are read whole: every reader needs its files
 * whole anyway (one JSON document, one XML per image), and the import job bounds the upload size.
 */
import AdmZip from 'adm-zip';
import type { ZipEntries } from './types';

export function zipEntries(zip: Buffer): ZipEntries {
  const entries = new Map<string, Buffer>();
  for (const e of new AdmZip(zip).getEntries()) if (!e.isDirectory) entries.set(e.entryName.replace(/\\/g, '/'), e.getData());
  return entries;
}

/** A zip made on Windows or by hand often has one folder around everything: find a file under any such root. */
export function findEntry(entries: ZipEntries, path: string): { path: string; data: Buffer } | undefined {
  const exact = entries.get(path);
  if (exact) return { path, data: exact };
  for (const [p, data] of entries) if (p.endsWith(`/${path}`)) return { path: p, data };
  return undefined;
}

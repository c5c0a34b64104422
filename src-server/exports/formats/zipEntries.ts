/**
 * A zip's files as readers take them. `zipEntries` unpacks every entry whole and at once, on the
 * calling thread: only for zips we wrote ourselves (the export tests read their output back
 * with it). A zip a user uploads is read by src-server/imports/unzipNeeded.ts instead, which
 * unpacks only what the reader needs, counting real bytes against the import's limits.
 */
import AdmZip from 'adm-zip';
import type { ZipEntries } from './types';

export function zipEntries(zip: Buffer): ZipEntries {
  const entries = new Map<string, Buffer>();
  for (const e of new AdmZip(zip).getEntries()) if (!e.isDirectory) entries.set(e.entryName.replace(/\\/g, '/'), e.getData());
  return entries;
}

/**
 * The path `findEntry` picks among these: `path` itself, else the first under some folder
 * (`<root>/path`). Names only, so the import can decide what to unpack before unpacking it.
 */
export function findEntryPath(paths: Iterable<string>, path: string): string | undefined {
  let underRoot: string | undefined;
  for (const p of paths) {
    if (p === path) return p;
    if (underRoot === undefined && p.endsWith(`/${path}`)) underRoot = p;
  }
  return underRoot;
}

/** A zip made on Windows or by hand often has one folder around everything: find a file under any such root. */
export function findEntry(entries: ZipEntries, path: string): { path: string; data: Buffer } | undefined {
  const found = findEntryPath(entries.keys(), path);
  return found === undefined ? undefined : { path: found, data: entries.get(found)! };
}

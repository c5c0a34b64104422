import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SubjectInput } from '../../src-shared/api/subject';
import type { ObjectStore } from '../storage';
import { keyInFolder } from '../storage/keys';

/** The photographs that ship with the repository (resources/demo-images, see its SOURCES.md). */
export const DEMO_IMAGES_DIR = path.resolve(import.meta.dirname, '../../resources/demo-images');

const CONTENT_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/**
 * Puts every picture of `dir` into the project's dataset folder of the configured store (local
 * disk or S3, whichever the server runs with) and answers them as the subjects a batch imports.
 * Writing an object again under its key is harmless, so a seeding cut short may simply redo it.
 */
export async function storeDemoImages(storage: ObjectStore, projectId: number, dir = DEMO_IMAGES_DIR): Promise<SubjectInput[]> {
  const names = (await fs.readdir(dir)).filter((n) => CONTENT_TYPES[path.extname(n).toLowerCase()]).sort();
  if (names.length === 0) throw new Error(`demo seed: no pictures in ${dir}`);
  const subjects: SubjectInput[] = [];
  for (const name of names) {
    const bytes = await fs.readFile(path.join(dir, name));
    const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()]!;
    const { key } = keyInFolder('dataset', projectId, `demo/${name}`);
    await storage.put(key, bytes, contentType);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    subjects.push({ name, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256, fileName: name, contentType }] });
  }
  return subjects;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetImportArgs, DatasetJob } from '../../src-shared/ipc/datasets';
import { ImportJob, type ImportDeps } from '../../src-main/services/datasets/importJob';
import { ImportJournal } from '../../src-main/services/datasets/importJournal';
import { scanFolder } from '../../src-main/services/datasets/scanFolder';
import { makeFrameNumberVideo } from '../support/frameNumberVideo';

/**
 * Issue 33: a folder of a frame project through the workstation. Its video files are items of
 * their own (never frames of a sequence); before upload each is checked with the server's probe,
 * so a text named .mp4 is refused with its reason and a real MP4 is uploaded under its content's
 * key and registered as a video, split as the dialog chose.
 */
let dir: string;
let folder: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-video-folder-'));
  folder = path.join(dir, 'footage');
  fs.mkdirSync(path.join(folder, 'clip1'), { recursive: true });
  await makeFrameNumberVideo(path.join(folder, 'gate.mp4'), { frames: 30 });
  fs.writeFileSync(path.join(folder, 'notes.mp4'), 'this is a text, not a video');
  const png = fs.readFileSync(path.resolve('resources/demo-images/chelsea.png'));
  fs.writeFileSync(path.join(folder, 'clip1', 'f001.png'), png);
  fs.writeFileSync(path.join(folder, 'clip1', 'f002.mp4'), 'x');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a folder with videos, through the workstation', () => {
  it('scans each video file as one video subject in a frame project, and leaves them out of an image project', async () => {
    const frames = await scanFolder([folder], 'frame', { videos: true });
    expect(frames.subjects.map((s) => [s.name, s.recordType, s.files.length])).toEqual([
      ['footage/clip1', 'frame', 1],
      ['footage/clip1/f002.mp4', 'video', 1],
      ['footage/gate.mp4', 'video', 1],
      ['footage/notes.mp4', 'video', 1],
    ]);
    expect(frames.videos).toBe(3);
    expect(frames.ignored).toBe(0);
    const images = await scanFolder([folder], 'image');
    expect(images.subjects.map((s) => s.name)).toEqual(['footage/clip1/f001.png']);
    expect(images).toMatchObject({ videos: 0, ignored: 3 });
  });

  it('refuses a text named .mp4 with its reason before upload, uploads the MP4 and registers it as a video with the split', async () => {
    const uploads: { key: string; contentType: string }[] = [];
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    const deps: ImportDeps = {
      server: {
        json: async (_method: string, p: string, body: Record<string, unknown>) => {
          calls.push({ path: p, body });
          if (p === '/core/batch/beforehand') return { existing: [] };
          // The sequence is one item; the 30-frame video split by 20 with 5 shared is two (0–19, 15–29).
          const subjects = body.subjects as unknown[];
          return { batch: { id: 7 }, created: subjects.length + 1, duplicates: [], refused: [], warnings: [] };
        },
      } as unknown as ImportDeps['server'],
      storage: {
        upload: async (u: { key: string; contentType: string }) => void uploads.push({ key: u.key, contentType: u.contentType }),
        cancel: () => undefined,
      } as unknown as ImportDeps['storage'],
      journal: new ImportJournal(path.join(dir, 'imports')),
      onChange: () => undefined,
      onFile: () => undefined,
    };
    const args: DatasetImportArgs = { paths: [folder], recordType: 'frame', videos: true, videoSplit: { unit: 'frames', length: 20, overlap: 5 }, projectId: 3, batchName: 'Footage' };
    const now = Date.now();
    const job: DatasetJob = {
      jobId: 'j1', source: 'folder', projectId: 3, batchName: 'Footage', state: 'scanning', subjects: 0, files: 0, bytes: 0, skippedSubjects: 0, refusedSubjects: 0, refused: [],
      uploadedFiles: 0, uploadedBytes: 0, registeredSubjects: 0, batchId: null, error: null, startedAt: now, updatedAt: now,
    };
    const j = new ImportJob({ args, job, plan: [] }, deps);
    await j.start();

    expect(j.job.error).toBeNull();
    expect(j.job.state).toBe('done');
    // The card counts subjects sent (2 of 2), not the items the split made of them (3).
    expect(j.job).toMatchObject({ subjects: 4, refusedSubjects: 2, registeredSubjects: 2 });
    expect(j.job.refused.map((r) => [r.name, r.reason, r.media])).toEqual([
      ['footage/clip1/f002.mp4', 'notVideo', 'video'],
      ['footage/notes.mp4', 'notVideo', 'video'],
    ]);
    // Only what was taken is uploaded: the frame and the real video, under their content's keys.
    expect(uploads.map((u) => u.contentType).sort()).toEqual(['image/png', 'video/mp4']);
    expect(uploads.find((u) => u.contentType === 'video/mp4')!.key).toMatch(/^dataset\/3\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp4$/);
    const register = calls.find((c) => c.path === '/core/batch')!;
    expect(register.body.videoSplit).toEqual({ unit: 'frames', length: 20, overlap: 5 });
    const subjects = register.body.subjects as { name: string; recordType: string; frames: { key: string }[] }[];
    expect(subjects.map((s) => [s.name, s.recordType, s.frames.length])).toEqual([
      ['footage/clip1', 'frame', 1],
      ['footage/gate.mp4', 'video', 1],
    ]);
  });
});

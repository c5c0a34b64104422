import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STALE_TEMP_MS, sweepStaleTempFolders, TEMP_FOLDER_PREFIXES } from '../../src-server/staleTempFolders';

/**
 * A server killed mid-export leaves its COCO temp folder, one killed mid-import the copied zip
 * (up to 1 GiB): the sweep at start removes both kinds once they are older than any run, and
 * nothing that is young or not the server's.
 */
describe('the start-up sweep of the server temp directory', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes old export and import folders, and keeps young ones and anything else', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-temp-sweep-'));
    const now = Date.now();
    const make = (name: string, ageMs: number) => {
      const folder = path.join(dir, name);
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'import.zip'), 'half a zip');
      const at = new Date(now - ageMs);
      fs.utimesSync(folder, at, at);
    };
    const old = STALE_TEMP_MS + 60_000;
    make(`${TEMP_FOLDER_PREFIXES.importZip}killed`, old);
    make(`${TEMP_FOLDER_PREFIXES.cocoExport}killed`, old);
    make(`${TEMP_FOLDER_PREFIXES.importZip}running`, 60_000);
    make('someone-elses', old);

    expect(await sweepStaleTempFolders(dir, now)).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual([`${TEMP_FOLDER_PREFIXES.importZip}running`, 'someone-elses']);
  });

  it('does nothing when the temp directory does not exist yet', async () => {
    dir = path.join(os.tmpdir(), `annot-temp-sweep-missing-${process.pid}`);
    expect(await sweepStaleTempFolders(dir, Date.now())).toBe(0);
  });
});

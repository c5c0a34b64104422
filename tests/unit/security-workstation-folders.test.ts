import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workstationConfigFromEnv } from '../../src-main/config';
import { createServices, type Services } from '../../src-main/services';
import { ChosenFolders, CHOSEN_FOLDERS_FILE, PATH_GUARDS } from '../../src-main/services/folders';

/**
 * The chosen-folders rule (issue 15): a local path from the renderer is used only when it
 * really lies inside a folder the user chose, never in the workstation's own data, never written
 * through a link. Both hosts (Electron and the browser host) serve the same guarded handlers.
 */
let root: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'annot-folders-')));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A fresh layout: a data folder, a folder the user chose, and one they did not. */
function layout() {
  const base = path.join(root, `case-${++n}`);
  const dataDir = path.join(base, 'ws');
  const chosen = path.join(base, 'photos');
  const other = path.join(base, 'photos-private');
  for (const d of [chosen, other]) fs.mkdirSync(d, { recursive: true });
  return { base, dataDir, chosen, other, folders: new ChosenFolders(dataDir) };
}
const refusal = (p: Promise<unknown>) => p.then(() => ({ code: 'NOT REFUSED' }), (e: { code: string; params?: object }) => ({ code: e.code, params: e.params }));

describe('the chosen-folders rule', () => {
  it('allows the workstation\'s downloads folder from the start, and no other folder', async () => {
    const { dataDir, chosen, folders } = layout();
    expect(await folders.resolve(path.join(dataDir, 'downloads', 'a.zip'), 'write', 'file')).toBe(path.join(dataDir, 'downloads', 'a.zip'));
    expect(await refusal(folders.resolve(path.join(chosen, 'a.png'), 'read', 'file'))).toEqual({ code: 'FOLDER_NOT_CHOSEN', params: { path: path.join(chosen, 'a.png'), folder: chosen } });
  });

  it('keeps a chosen folder across a restart, in a file only the user can read', async () => {
    const { dataDir, chosen, folders } = layout();
    await folders.allow(chosen);
    const again = new ChosenFolders(dataDir);
    expect(await again.resolve(path.join(chosen, 'a.png'), 'read', 'file')).toBe(path.join(chosen, 'a.png'));
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dataDir, CHOSEN_FOLDERS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('does not take a folder whose name merely starts like a chosen one, nor a way out through ..', async () => {
    const { chosen, other, folders } = layout();
    await folders.allow(chosen);
    expect(await refusal(folders.resolve(path.join(other, 'x.zip'), 'write', 'file'))).toMatchObject({ code: 'FOLDER_NOT_CHOSEN' });
    expect(await refusal(folders.resolve(`${chosen}/../photos-private/x.zip`, 'write', 'file'))).toMatchObject({ code: 'FOLDER_NOT_CHOSEN' });
  });

  it('follows links: a link inside a chosen folder leading out of it is refused, one leading within it is used by its real path', async () => {
    const { chosen, other, folders } = layout();
    await folders.allow(chosen);
    fs.mkdirSync(path.join(chosen, 'real'));
    fs.symlinkSync(other, path.join(chosen, 'out'));
    fs.symlinkSync(path.join(chosen, 'real'), path.join(chosen, 'within'));
    expect(await refusal(folders.resolve(path.join(chosen, 'out', 'x.zip'), 'write', 'file'))).toMatchObject({ code: 'FOLDER_NOT_CHOSEN' });
    expect(await refusal(folders.resolve(path.join(chosen, 'out'), 'read', 'paths[0]'))).toMatchObject({ code: 'FOLDER_NOT_CHOSEN' });
    expect(await folders.resolve(path.join(chosen, 'within', 'x.zip'), 'write', 'file')).toBe(path.join(chosen, 'real', 'x.zip'));
  });

  it('never writes through an existing link, even one that points inside a chosen folder', async () => {
    const { chosen, folders } = layout();
    await folders.allow(chosen);
    fs.writeFileSync(path.join(chosen, 'target.zip'), 'x');
    fs.symlinkSync(path.join(chosen, 'target.zip'), path.join(chosen, 'link.zip'));
    expect(await refusal(folders.resolve(path.join(chosen, 'link.zip'), 'write', 'file'))).toMatchObject({ code: 'SYMLINK_TARGET' });
  });

  it('lets a write make folders that do not exist yet under a chosen folder', async () => {
    const { chosen, folders } = layout();
    await folders.allow(chosen);
    expect(await folders.resolve(path.join(chosen, 'new', 'deeper', 'x.zip'), 'write', 'file')).toBe(path.join(chosen, 'new', 'deeper', 'x.zip'));
  });

  it('keeps the workstation\'s own data out of reach even when a chosen folder holds it', async () => {
    const { base, dataDir, folders } = layout();
    await folders.allow(base);
    for (const [p, use] of [[path.join(dataDir, 'logs.db'), 'write'], [path.join(dataDir, 'journal', 'x'), 'read'], [dataDir, 'read']] as const) {
      expect(await refusal(folders.resolve(p, use, 'file'))).toMatchObject({ code: 'WORKSTATION_DATA_PATH' });
    }
    expect(await refusal(folders.allow(dataDir))).toMatchObject({ code: 'WORKSTATION_DATA_PATH' });
    expect(await folders.resolve(path.join(dataDir, 'downloads', 'x.zip'), 'write', 'file')).toBe(path.join(dataDir, 'downloads', 'x.zip'));
  });

  it('answers BAD_ARGS for a path that is not an absolute one', async () => {
    const { folders } = layout();
    for (const bad of ['logs.zip', '', 'C:relative', `/tmp/a\0b`, 42, null]) {
      expect(await refusal(folders.resolve(bad, 'write', 'file'))).toMatchObject({ code: 'BAD_ARGS' });
    }
  });

  it('stores a chosen folder by its real path, and refuses a file, a missing folder or a whole disk', async () => {
    const { base, chosen, folders } = layout();
    fs.symlinkSync(chosen, path.join(base, 'alias'));
    expect(await folders.allow(path.join(base, 'alias'))).toBe(chosen);
    fs.writeFileSync(path.join(base, 'file'), 'x');
    expect(await refusal(folders.allow(path.join(base, 'file')))).toMatchObject({ code: 'FOLDER_INVALID' });
    expect(await refusal(folders.allow(path.join(base, 'missing')))).toMatchObject({ code: 'FOLDER_INVALID' });
    expect(await refusal(folders.allow(path.parse(base).root))).toMatchObject({ code: 'FOLDER_TOO_BROAD' });
  });
});

describe('the hosts\' handlers', () => {
  const running: Services[] = [];
  afterEach(async () => {
    for (const s of running.splice(0)) await s.close();
  });
  const start = (host: 'electron' | 'node', dataDir: string) => {
    const s = createServices(workstationConfigFromEnv(host, '9.9.9', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: 'http://127.0.0.1:1' }));
    running.push(s);
    return s;
  };

  it('hold every call that takes a local path to the rule, before the call does anything', async () => {
    const { dataDir, other } = layout();
    const s = start('node', dataDir);
    const victim = path.join(other, 'victim.png');
    fs.writeFileSync(victim, 'precious');
    const outsideArgs: Record<string, unknown> = {
      'logs.export': { from: 0, to: 1, file: victim },
      'storage.upload': { file: victim, key: 'user/1/x.png' },
      'storage.uploadMany': { items: [{ file: victim, key: 'user/1/x.png' }] },
      'storage.download': { key: 'user/1/x.png', file: victim },
      'datasets.scan': { paths: [other], recordType: 'image' },
      'datasets.import': { paths: [other], recordType: 'image', projectId: 1, batchName: 'b' },
      'packages.lostExport': { file: victim },
    };
    const guarded = Object.entries(PATH_GUARDS).filter(([, g]) => g !== null).map(([m]) => m);
    expect(guarded.sort()).toEqual(Object.keys(outsideArgs).sort());
    for (const [method, args] of Object.entries(outsideArgs)) {
      const handler = s.handlers[method as keyof typeof s.handlers] as (a: unknown) => Promise<unknown>;
      expect(await refusal(handler(args)), method).toMatchObject({ code: 'FOLDER_NOT_CHOSEN' });
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('in the desktop app, grant folders only through its dialog: the renderer cannot allow one itself', async () => {
    const { dataDir, chosen } = layout();
    const s = start('electron', dataDir);
    expect(await refusal(s.handlers['app.allowFolder']({ path: chosen }))).toMatchObject({ code: 'FOLDER_NEEDS_DIALOG' });
    const zip = path.join(chosen, 'logs.zip');
    expect(await refusal(s.handlers['logs.export']({ from: 0, to: 1, file: zip }))).toMatchObject({ code: 'FOLDER_NOT_CHOSEN' });
    // What the Electron host does with the folder its dialog returned.
    await s.folders.allow(chosen);
    expect(await s.handlers['logs.export']({ from: 0, to: 1, file: zip })).toMatchObject({ file: zip, records: 0 });
  });
});

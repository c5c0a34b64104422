import { useEffect, useState } from 'react';
import type { BrowserDownload } from '../../../../../src-shared/ipc/app';
import { useFileSide, type FileSide } from '../../../host/fileSides';
import { saveToBrowser } from '../../../host/saveToBrowser';
import { joinLocalPath, useDownloadFolder } from './workstationStorage';

/** Whether a save can start: its side is known and, on the workstation's computer, a path is given. */
export const saveTargetReady = (side: FileSide | null, file: string): boolean => side !== null && !(side === 'machine' && file.trim() === '');

/**
 * Saving a file the workstation makes, the way every save goes: into the browser's own
 * downloads through the host's single-use link (a browser's default, and a page on another
 * computer's only way), or on the workstation's computer to a path the user can change
 * (proposed in its downloads folder under `defaultName()`; the desktop app's only way, a
 * browser's option: host/fileSides.ts). Answers the side and its choice, the path, whether the save
 * can start, its state and `save` itself.
 */
export function useWorkstationSave<Here, There extends BrowserDownload>(defaultName: () => string, write: { here: (file: string) => Promise<Here>; toBrowser: () => Promise<There> }) {
  const folder = useDownloadFolder();
  const { sides, side, setSide } = useFileSide();
  const [file, setFile] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Here | There | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (folder && file === '') setFile(joinLocalPath(folder, defaultName()));
  }, [folder, file, defaultName]);

  const save = async () => {
    if (side === null) return; // not known yet (the buttons wait for it)
    setBusy(true);
    setResult(null);
    setFailure(null);
    try {
      if (side === 'browser') {
        const handed = await write.toBrowser();
        saveToBrowser(handed);
        setResult(handed);
      } else {
        setResult(await write.here(file.trim()));
      }
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return { sides, side, setSide, file, setFile, ready: saveTargetReady(side, file), busy, result, failure, setFailure, save };
}

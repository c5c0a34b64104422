import { useEffect, useState } from 'react';
import type { BrowserDownload } from '../../../../../src-shared/ipc/app';
import { useClientPlace } from '../../../host/clientPlace';
import { saveToBrowser } from '../../../host/saveToBrowser';
import { joinLocalPath, useDownloadFolder } from './workstationStorage';

/**
 * Saving a file the workstation makes, the way every save goes: on this computer to a path the
 * user can change (proposed in the workstation's downloads folder under `defaultName()`), or, for
 * a page on another computer, into the browser's own downloads through the host's single-use
 * link. Answers the path, the state of the save and `save` itself.
 */
export function useWorkstationSave<Here, There extends BrowserDownload>(defaultName: () => string, write: { here: (file: string) => Promise<Here>; toBrowser: () => Promise<There> }) {
  const folder = useDownloadFolder();
  const remote = useClientPlace() === 'remote';
  const [file, setFile] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Here | There | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (folder && file === '') setFile(joinLocalPath(folder, defaultName()));
  }, [folder, file, defaultName]);

  const save = async () => {
    setBusy(true);
    setResult(null);
    setFailure(null);
    try {
      if (remote) {
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

  return { remote, file, setFile, busy, result, failure, setFailure, save };
}

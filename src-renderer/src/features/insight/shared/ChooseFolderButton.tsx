import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { workstation } from '../../../host';
import { moveToFolder, useWorkstationInfo } from './workstationStorage';

/**
 * The desktop app's folder dialog beside a "save to" path: the folder picked becomes one the
 * workstation may write in, and the path keeps its file name. The browser host has no dialog
 * (a typed folder is allowed when first used: LocalPathFailure asks), so nothing shows there.
 */
export function ChooseFolderButton({ file, fallbackName, onChosen, onFailure, disabled }: { file: string; fallbackName: string; onChosen: (file: string) => void; onFailure: (err: unknown) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const info = useWorkstationInfo();
  if (info?.host !== 'electron') return null;
  const choose = async () => {
    try {
      const picked = await workstation.invoke('app.pickFolder', { title: t('insight.download.path') });
      if (picked.path) onChosen(moveToFolder(file, picked.path, fallbackName));
    } catch (err) {
      onFailure(err);
    }
  };
  return (
    <Button onClick={() => void choose()} disabled={disabled} data-testid="choose-folder">
      {t('insight.download.browse')}
    </Button>
  );
}

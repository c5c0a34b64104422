import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetJob } from '../../../../../../../src-shared/ipc/datasets';
import { workstation } from '../../../../../host';
import { useErrorText } from '../../../../../app/useErrorText';
import { feedBrowserImport, isFeeding, onFeedingChange } from './browserUploads';
import { filesFromInput } from './pickedFiles';
import { hashFile } from './hashFile';


/**
 * A browser import that this page is not sending (the page was reloaded, or the workstation
 * restarted): its files are in the user's browser, so the card asks for them again. Only
 * files of a size the import still needs are hashed; those whose content it needs are sent.
 */
export function ResupplyFiles({ job }: { job: DatasetJob }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const feeding = useSyncExternalStore(onFeedingChange, () => isFeeding(job.jobId));
  useEffect(() => input.current?.setAttribute('webkitdirectory', ''), []);
  if (feeding) return null;

  const picked = async (list: FileList | null) => {
    if (!list) return;
    setBusy(true);
    try {
      const wanted = await workstation.invoke('datasets.wanted', { jobId: job.jobId });
      const sizes = new Set(wanted.map((w) => w.size));
      const bySha = new Map<string, File>();
      for (const { file } of filesFromInput(list)) {
        if (sizes.has(file.size)) bySha.set(await hashFile(file), file);
      }
      if (!wanted.some((w) => bySha.has(w.sha256))) {
        void message.warning(t('browserTransfer.resupplyNone'));
        return;
      }
      feedBrowserImport(job.jobId, wanted, bySha, (err) => void message.error(t('browserTransfer.sendFailed', { name: job.batchName, message: errorText(err) })));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div data-testid="import-resupply">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>{t('browserTransfer.resupplyHint')}</Typography.Paragraph>
      <input ref={input} type="file" multiple hidden onChange={(e) => void picked(e.currentTarget.files)} />
      <Button size="small" loading={busy} onClick={() => input.current?.click()}>{t('browserTransfer.resupply')}</Button>
    </div>
  );
}

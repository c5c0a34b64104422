import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { plainFailure } from '../../../app/plainFailure';
import { useErrorText } from '../../../app/useErrorText';

/** What the annotator can do about a refusal, by the server's reason; anything else gets the general advice. */
const ADVICE: Record<string, 'notHolder' | 'leaseLapsed' | 'stale'> = {
  'taskSubject.notHolder': 'notHolder',
  'task.leaseLapsed': 'leaseLapsed',
  'taskSubject.stale': 'stale',
  'annotate.stale': 'stale',
};

/** Why the server did not take a hand-off (translated) and what the annotator can do: the notice's and My work's words. */
export function HandoffNoticeText({ state, error }: { state: 'refused' | 'conflict'; error: JournalStatus['error'] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const advice = state === 'conflict' ? 'conflict' : (ADVICE[error?.code ?? ''] ?? 'other');
  return (
    <>
      <Typography.Text type="danger">{state === 'conflict' ? t('work.handoffNotice.conflict') : error ? errorText(plainFailure(error)) : t('work.sync.refused')}</Typography.Text>
      <br />
      <Typography.Text type="secondary">{t(`work.handoffNotice.advice.${advice}`)}</Typography.Text>
    </>
  );
}

/** An entry's title: the item's name with its id, or the id alone when the name is not known. */
export const handoffItemTitle = (t: TFunction, id: number, name: string | undefined): string =>
  name ? t('work.handoffNotice.item', { name, id }) : t('work.handoffNotice.itemId', { id });

import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../app/LoadFailure';
import { useWatched, type Watched } from '../../../app/watched';
import type { SessionPhase } from './useWorkSession';

/** What the end screen says once the items are done (a work package's own words; the step's queue by default). */
export interface DoneText {
  title: string;
  hint: string;
}

/**
 * What the workspace shows instead of an item: the step's queue is done, the server is away
 * with nothing claimed left on this computer (it tries again by itself), or opening failed.
 * Null while an item is (or is about to be) on screen.
 */
export function WorkspaceEndScreen({ phase, handoffsWaiting: waiting, onRetry, onBack, done }: { phase: SessionPhase; handoffsWaiting: Watched<number>; onRetry: () => void; onBack: () => void; done?: DoneText }) {
  const { t } = useTranslation();
  const handoffsWaiting = useWatched(waiting);
  const back = <Button onClick={onBack}>{t('work.backToMyWork')}</Button>;
  switch (phase.kind) {
    case 'empty':
      return (
        <Result
          status="success"
          data-testid="workspace-done"
          title={done?.title ?? t('work.queueEmpty')}
          subTitle={done?.hint ?? t('work.queueEmptyHint')}
          extra={<Button type="primary" onClick={onBack}>{t('work.backToMyWork')}</Button>}
        />
      );
    case 'offline':
      return (
        <Result
          status="warning"
          data-testid="workspace-offline"
          title={t('work.offline.title')}
          subTitle={t('work.offline.hint', { count: handoffsWaiting })}
          extra={[
            <Button key="retry" type="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>,
            <span key="back">{back}</span>,
          ]}
        />
      );
    case 'failed':
      return (
        <Flex vertical style={{ padding: 24 }}>
          <LoadFailure title={t('work.openFailed')} error={phase.error} onRetry={onRetry} />
          <span>{back}</span>
        </Flex>
      );
    default:
      return null;
  }
}

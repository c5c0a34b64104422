import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWatched, type Watched } from '../../../app/watched';
import type { FrameImageFailure } from './frameImages';

/**
 * Over the canvas when the frame's picture cannot be shown (gone from the store, damaged, or not
 * reached): says which, and offers to try again or to skip the item with that reason, so it is
 * never worked on blind. It covers the canvas, which then takes no input.
 */
export function MediaFailure({ reason, moving, onRetry, onSkip }: { reason: FrameImageFailure; moving: Watched<boolean>; onRetry: () => void; onSkip: (reason: string) => void }) {
  const { t } = useTranslation();
  const busy = useWatched(moving);
  const why = t(`work.media.${reason}`);
  return (
    <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0, overflowY: 'auto', background: '#fafafa', zIndex: 2 }} data-testid="media-failure" data-reason={reason}>
      <Result
        status="warning"
        title={t('work.media.title')}
        subTitle={why}
        extra={[
          <Button key="retry" onClick={onRetry} data-testid="media-retry">
            {t('common.retry')}
          </Button>,
          <Button key="skip" type="primary" disabled={busy} onClick={() => onSkip(t('work.media.skipReason', { why }))} data-testid="media-skip">
            {t('work.media.skip')}
          </Button>,
        ]}
      />
    </Flex>
  );
}

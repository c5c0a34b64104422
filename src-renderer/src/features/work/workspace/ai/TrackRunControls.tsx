import { Alert, Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrackRunState, TrackWay } from './useAiTrackRun';

/**
 * Automatic tracking in the AI group of a frame item: track the selection backward or forward
 * until it is lost, and stop; while it runs, where it is; after, what it came to (lost objects,
 * keyframes to look at, marked on the timeline).
 */
export function TrackRunControls({ run, canTrack, atFirst, atLast, onStart, onStop }: { run: TrackRunState | null; canTrack: boolean; atFirst: boolean; atLast: boolean; onStart: (way: TrackWay) => void; onStop: () => void }) {
  const { t } = useTranslation();
  const running = run?.running === true;
  const hint = canTrack ? t('aiWorkspace.trackHint') : t('aiWorkspace.selectToPropagate');
  return (
    <Flex vertical gap={4} data-testid="ai-track-run" data-state={running ? 'running' : (run?.ended ?? 'idle')}>
      {running ? (
        <Flex gap={4} align="center">
          <Button size="small" danger onClick={onStop} data-testid="ai-track-stop" style={{ flex: 'none' }}>
            {t('aiWorkspace.trackStop')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="ai-track-progress">
            {t('aiWorkspace.trackProgress', { count: run.following, frames: run.frames })}
          </Typography.Text>
        </Flex>
      ) : (
        <Flex gap={4}>
          <Tooltip title={hint}>
            <Button size="small" style={{ flex: 1, minWidth: 0 }} disabled={!canTrack || atFirst} onClick={() => onStart('backward')} data-testid="ai-track-backward">
              {t('aiWorkspace.trackBackward')}
            </Button>
          </Tooltip>
          <Tooltip title={hint}>
            <Button size="small" style={{ flex: 1, minWidth: 0 }} disabled={!canTrack || atLast} onClick={() => onStart('forward')} data-testid="ai-track-forward">
              {t('aiWorkspace.trackForward')}
            </Button>
          </Tooltip>
        </Flex>
      )}
      {run && !running && run.ended !== 'failed' && (
        <Alert
          type={run.unsure || run.lost ? 'warning' : 'info'}
          showIcon
          data-testid="ai-track-summary"
          title={[
            t('aiWorkspace.trackDone', { count: run.frames }),
            run.lost ? t('aiWorkspace.trackLost', { count: run.lost }) : null,
            run.met ? t('aiWorkspace.trackMet', { count: run.met }) : null,
            run.unsure ? t('aiWorkspace.trackUnsure', { count: run.unsure }) : null,
            run.ended === 'stopped' ? t('aiWorkspace.trackStopped') : null,
          ]
            .filter(Boolean)
            .join(' ')}
        />
      )}
    </Flex>
  );
}

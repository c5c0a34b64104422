import { Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keyNames } from '../../../../app/chordText';
import { CANVAS_BAR_STYLE } from '../canvasBar';
import type { AiBusy } from './useAiCall';

const BUSY_TEXT: Record<AiBusy, string> = {
  detect: 'aiWorkspace.busyDetect',
  polygon: 'aiWorkspace.busyPolygon',
  skeleton: 'aiWorkspace.busySkeleton',
  propagate: 'aiWorkspace.busyPropagate',
};

/**
 * Above the canvas, wherever the side panel is: what the AI is waiting for (with a way to stop
 * waiting), or how the AI polygon tool is used while it is on.
 */
export function AiStatus(p: { busy: AiBusy | null; mode: boolean; outlineShown: boolean; onCancel: () => void; onLeaveMode: () => void }) {
  const { busy, mode, onCancel, onLeaveMode } = p;
  const { t } = useTranslation();
  if (!busy && !mode) return null;
  return (
    <Flex
      align="center"
      gap={8}
      data-testid="ai-status"
      data-busy={busy ?? undefined}
      data-mode={mode ? 'polygon' : undefined}
      data-outline={mode && p.outlineShown ? 'shown' : undefined}
      style={{ ...CANVAS_BAR_STYLE, pointerEvents: 'auto' }}
    >
      {busy && <Spin size="small" />}
      <Typography.Text>{busy ? t(BUSY_TEXT[busy]) : t('aiWorkspace.polygonModeHint', keyNames())}</Typography.Text>
      {busy && (
        <Button size="small" onClick={onCancel} data-testid="ai-cancel">
          {t('aiWorkspace.stopWaiting')}
        </Button>
      )}
      {mode && (
        <Button size="small" onClick={onLeaveMode} data-testid="ai-leave-mode">
          {t('aiWorkspace.leaveMode', keyNames())}
        </Button>
      )}
    </Flex>
  );
}

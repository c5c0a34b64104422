import { Flex, InputNumber, Segmented, Slider, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayChord, keyNames } from '../../../../app/chordText';
import { BRUSH_RADIUS, MASK_MODES, type MaskBrush, type MaskBrushState } from '../../../../canvas/tools/maskBrush';
import type { Chord, Command } from '../keymap';

const MODE_COMMAND = { brush: 'maskBrush', eraser: 'maskEraser', fill: 'maskFill' } as const;

/**
 * Over the canvas's bottom-left while a mask label is armed: brush, eraser or fill; the brush's
 * size (also [ ] and Shift+wheel); and the overlap rule. Every control names its key.
 */
export function MaskToolbar({ brush, state, keymap }: { brush: MaskBrush; state: MaskBrushState; keymap: Record<Command, Chord> }) {
  const { t } = useTranslation();
  return (
    <Flex
      role="toolbar"
      aria-label={t('mask.toolbar')}
      data-testid="mask-toolbar"
      align="center"
      gap={12}
      wrap
      style={{ position: 'absolute', left: 8, bottom: 8, maxWidth: 'calc(100% - 16px)', padding: '6px 10px', borderRadius: 6, background: 'rgba(255,255,255,0.94)', boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }}
    >
      <Segmented
        size="small"
        value={state.mode}
        onChange={(mode) => brush.set({ mode })}
        options={MASK_MODES.map((m) => ({
          value: m,
          label: (
            <Tooltip title={t(`mask.modeTip.${m}`, { key: displayChord(keymap[MODE_COMMAND[m]]) })}>
              <span data-testid={`mask-mode-${m}`}>{t(`mask.mode.${m}`)}</span>
            </Tooltip>
          ),
        }))}
      />
      <Tooltip title={t('mask.sizeTip', { ...keyNames(), smaller: displayChord(keymap.brushSmaller), larger: displayChord(keymap.brushLarger) })}>
        <Flex align="center" gap={6}>
          <Typography.Text>{t('mask.size')}</Typography.Text>
          <Slider style={{ width: 110, margin: '0 4px' }} min={BRUSH_RADIUS.min} max={100} value={Math.min(state.radius, 100)} onChange={(radius) => brush.set({ radius })} tooltip={{ open: false }} />
          <InputNumber size="small" style={{ width: 64 }} min={BRUSH_RADIUS.min} max={BRUSH_RADIUS.max} value={state.radius} onChange={(v) => typeof v === 'number' && brush.set({ radius: v })} data-testid="mask-size" aria-label={t('mask.size')} />
        </Flex>
      </Tooltip>
      <Tooltip title={t('mask.takeOthersTip')}>
        <Flex align="center" gap={6}>
          <Switch size="small" checked={state.takeOthers} onChange={(takeOthers) => brush.set({ takeOthers })} data-testid="mask-take-others" aria-label={t('mask.takeOthers')} />
          <Typography.Text>{t('mask.takeOthers')}</Typography.Text>
        </Flex>
      </Tooltip>
    </Flex>
  );
}

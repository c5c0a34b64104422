import { memo, type ReactNode } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaletteEntry } from './palette';
import { displayChord } from '../../../app/chordText';

/**
 * The tools column: the select tool, the AI tools when the caller may use them, then every
 * label grouped by feature, each with its colour and hotkey. Choosing a label arms its
 * feature's tool; the same again disarms it.
 */
export const LabelPalette = memo(function LabelPalette({
  palette,
  active,
  onChoose,
  selectChord,
  aiTools,
}: {
  palette: readonly PaletteEntry[];
  active: PaletteEntry | null;
  onChoose: (entry: PaletteEntry | null) => void;
  selectChord: string;
  /** the AI group, when the caller may use AI */
  aiTools?: ReactNode;
}) {
  const { t } = useTranslation();
  const features = [...new Map(palette.map((e) => [e.featureId, e])).values()];
  return (
    <Flex vertical gap={8} style={{ padding: 8, width: 216, flex: 'none', boxSizing: 'border-box', overflowY: 'auto', height: '100%' }} role="toolbar" aria-label={t('work.tools.label')}>
      <Button type={active ? 'default' : 'primary'} onClick={() => onChoose(null)} data-testid="tool-select">
        {t('work.tools.select')} <Typography.Text keyboard>{displayChord(selectChord)}</Typography.Text>
      </Button>
      {aiTools}
      {features.map((f) => (
        <Flex key={f.featureId} vertical gap={4}>
          <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            {f.featureName} · {t(`work.tools.kind.${f.tool}`)}
          </Typography.Text>
          {palette
            .filter((e) => e.featureId === f.featureId)
            .map((e) => {
              const on = active?.featureId === e.featureId && active.labelId === e.labelId;
              return (
                <Tooltip key={e.labelId} title={e.hotkey ? t('work.tools.hotkey', { key: displayChord(e.hotkey) }) : undefined} placement="right">
                  <Button
                    type={on ? 'primary' : 'default'}
                    aria-pressed={on}
                    onClick={() => onChoose(on ? null : e)}
                    style={{ justifyContent: 'flex-start' }}
                    data-testid={`label-${e.name}`}
                  >
                    <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: e.color, marginRight: 8 }} />
                    <span style={{ flex: 1, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.name}</span>
                    {e.hotkey && <Typography.Text keyboard>{displayChord(e.hotkey)}</Typography.Text>}
                  </Button>
                </Tooltip>
              );
            })}
        </Flex>
      ))}
      {palette.length === 0 && <Typography.Text type="secondary">{t('work.tools.noLabels')}</Typography.Text>}
    </Flex>
  );
});

import { useEffect, useRef, useState } from 'react';
import { DownOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnotationEngine } from '../../../canvas/engine';
import { displayChord } from '../../../app/chordText';
import type { Chord, Command } from './keymap';
import { useChordTip } from './useChordTip';
import { formatZoom, parseZoomInput, ZOOM_PRESETS, ZOOM_STEP } from './zoomText';

/**
 * The zoom of the canvas as a percentage the user reads and sets: it follows the wheel and the
 * keys, takes a typed value (Enter or leaving the field applies it, Esc or anything unreadable
 * puts the zoom back), and offers "fit" and fixed zooms in a menu, as CVAT and Label Studio do.
 */
export function ZoomField({ engine, keymap }: { engine: AnnotationEngine | null; keymap: Readonly<Record<Command, Chord>> }) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const [zoom, setZoom] = useState<number | null>(null);
  /** what is being typed; null while the field shows the zoom */
  const [draft, setDraftState] = useState<string | null>(null);
  // The blur that Enter and Esc cause runs before React renders again: it reads the draft here.
  const draftRef = useRef<string | null>(null);
  const setDraft = (text: string | null) => {
    draftRef.current = text;
    setDraftState(text);
  };

  useEffect(() => {
    if (!engine) return setZoom(null);
    setZoom(engine.view().zoom);
    return engine.on('view', (v) => setZoom(v.zoom));
  }, [engine]);

  const apply = () => {
    const typed = draftRef.current;
    if (typed === null) return;
    setDraft(null);
    const wanted = parseZoomInput(typed, [t('work.zoom.fit'), 'fit']);
    if (wanted === 'fit') engine?.fit();
    else if (wanted !== null) engine?.zoomTo(wanted);
  };
  const shown = zoom === null ? '' : formatZoom(zoom);
  const presets = [
    { key: 'fit', label: t('work.zoom.fit'), extra: displayChord(keymap.fit) },
    ...ZOOM_PRESETS.map((z) => ({ key: String(z), label: formatZoom(z), extra: z === 1 ? displayChord(keymap.actualSize) : undefined })),
  ];
  return (
    <Space.Compact>
      <Tooltip title={tip(t('work.keys.command.zoomOut'), keymap.zoomOut)}>
        <Button aria-label={t('work.keys.command.zoomOut')} icon={<ZoomOutOutlined />} disabled={!engine} onClick={() => engine?.zoomBy(1 / ZOOM_STEP)} />
      </Tooltip>
      <Input
        value={draft ?? shown}
        disabled={!engine}
        aria-label={t('work.zoom.label')}
        data-testid="zoom-field"
        style={{ width: 68, textAlign: 'center' }}
        onFocus={(e) => {
          setDraft(shown);
          e.currentTarget.select();
        }}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Leaving the field applies the value and gives the keys back to the canvas.
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            setDraft(null);
            e.currentTarget.blur();
          }
        }}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: presets.map((p) => ({ key: p.key, label: p.label, extra: p.extra, 'data-testid': `zoom-preset-${p.key}` })),
          onClick: ({ key }) => (key === 'fit' ? engine?.fit() : engine?.zoomTo(Number(key))),
        }}
      >
        <Button aria-label={t('work.zoom.presets')} icon={<DownOutlined />} disabled={!engine} data-testid="zoom-presets" />
      </Dropdown>
      <Tooltip title={tip(t('work.keys.command.zoomIn'), keymap.zoomIn)}>
        <Button aria-label={t('work.keys.command.zoomIn')} icon={<ZoomInOutlined />} disabled={!engine} onClick={() => engine?.zoomBy(ZOOM_STEP)} />
      </Tooltip>
    </Space.Compact>
  );
}

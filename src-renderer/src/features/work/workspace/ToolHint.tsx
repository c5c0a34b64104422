import { useCallback, useSyncExternalStore } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keyNames } from '../../../app/chordText';
import type { AnnotationEngine } from '../../../canvas/engine';
import { CANVAS_BAR_STYLE } from './canvasBar';
import { toolHintKey } from './toolHint';

/**
 * Above the canvas while an ordinary drawing tool is armed: what its next click does ("Click
 * the opposite corner"), following the tool's state as the annotator clicks, as the AI polygon
 * tool says its own (AiStatus). Clicks pass through it to the canvas. Reads the engine's tool
 * state itself, so a click that changes it renders this bar and not the workspace.
 */
export function ToolHint({ engine }: { engine: AnnotationEngine | null }) {
  const { t } = useTranslation();
  const subscribe = useCallback((changed: () => void) => engine?.on('toolState', changed) ?? (() => undefined), [engine]);
  const key = useSyncExternalStore(subscribe, () => (engine ? toolHintKey(engine.toolState()) : null));
  if (!key) return null;
  return (
    <div data-testid="tool-hint" data-hint={key} style={{ ...CANVAS_BAR_STYLE, pointerEvents: 'none' }}>
      <Typography.Text>{t(key, keyNames())}</Typography.Text>
    </div>
  );
}

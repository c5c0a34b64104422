import type { ToolState } from '../../../canvas/engine';
import { toolHintsEn } from '../../../i18n/features/toolHints';

type HintedTool = keyof typeof toolHintsEn;

const hinted = (tool: string): tool is HintedTool => Object.hasOwn(toolHintsEn, tool);

/**
 * The i18n key of what the canvas says of the next click for the engine's tool state: one per
 * ordinary drawing tool and state of its state machine (`toolHint.box.placing`); null while
 * selecting, or for a state with nothing to say.
 */
export function toolHintKey(s: ToolState | null): string | null {
  if (!s || s.mode !== 'draw' || !s.tool || !hinted(s.tool)) return null;
  const states: Record<string, string> = toolHintsEn[s.tool];
  return Object.hasOwn(states, s.state) ? `toolHint.${s.tool}.${s.state}` : null;
}

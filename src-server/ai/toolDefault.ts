import type { AiTool } from '../../src-shared/api/ai';
import type { ModelRow } from '../repositories/aiModels';

/**
 * The model a tool uses when a call names none (docs/ai-models.md): the project's chosen default,
 * else the first ready built-in of the tool, else its first ready model. The AI tab marks this
 * one "Default", so what it says is what a detect or a pre-annotation without a model runs.
 * `rows`: the project's models (any tools; those of other tools are passed over).
 */
export function toolDefault(tool: AiTool, rows: readonly ModelRow[], chosen: ReadonlyMap<string, number>): number | undefined {
  const picked = chosen.get(tool);
  if (picked !== undefined) return picked;
  const ready = rows.filter((m) => m.tool === tool && m.state === 'ready');
  return (ready.find((m) => m.team_id === null && m.project_id === null) ?? ready[0])?.id;
}

import { useCallback, useState } from 'react';
import type { AiModel, AiTool } from '../../../../../../src-shared/api/ai';
import { useWorkspaceAiAllowQuery, useWorkspaceAiModelsQuery } from './aiWorkspaceApi';

/**
 * Whether the caller may use AI in this project, the models each tool can ask, and the one the
 * person picked per tool (none picked: the server takes the project's default). The models are
 * not asked for when AI is not available.
 */
export function useAiModels(projectId: number) {
  const { data: allow } = useWorkspaceAiAllowQuery(projectId);
  const available = allow?.mayUse === true;
  const { data: models } = useWorkspaceAiModelsQuery(projectId, { skip: !available });
  const [modelPicked, setModelPicked] = useState<Partial<Record<AiTool, number>>>({});
  const modelsOf = useCallback((tool: AiTool): AiModel[] => (models ?? []).filter((m) => m.tool === tool), [models]);
  return {
    available,
    /** may choose models and their classes' labels (a project manager): the workspace offers the mapping then */
    mayManage: allow?.mayManage === true,
    serviceOnline: allow?.serviceOnline ?? false,
    models,
    modelsOf,
    modelPicked,
    pickModel: (tool: AiTool, modelId: number | undefined) => setModelPicked((m) => ({ ...m, [tool]: modelId })),
  };
}

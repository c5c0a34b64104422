import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useServerItems } from './useServerItems';
import { Workspace } from './Workspace';

/** The workspace on a step's queue on the team server (`#/work/:projectId/:taskId/:workflowId`, `?item=` opens that item first). */
export function WorkspacePage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { projectId, taskId, workflowId } = params;
  // One object per step: the workspace renders again only when its own state or the step changes
  // (this page renders as the claim ahead loads its item, often on the way to the next item drawn).
  const target = useMemo(() => ({ projectId: Number(projectId), taskId: Number(taskId), workflowId: Number(workflowId) }), [projectId, taskId, workflowId]);
  const firstItem = Number(search.get('item')) || undefined;
  const source = useServerItems(target);
  return <Workspace target={target} source={source} firstItem={firstItem} />;
}

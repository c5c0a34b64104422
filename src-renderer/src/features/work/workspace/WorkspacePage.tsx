import { useParams, useSearchParams } from 'react-router';
import { useServerItems } from './useServerItems';
import { Workspace } from './Workspace';

/** The workspace on a step's queue on the team server (`#/work/:projectId/:taskId/:workflowId`, `?item=` opens that item first). */
export function WorkspacePage() {
  const params = useParams();
  const [search] = useSearchParams();
  const target = { projectId: Number(params.projectId), taskId: Number(params.taskId), workflowId: Number(params.workflowId) };
  const firstItem = Number(search.get('item')) || undefined;
  const source = useServerItems(target);
  return <Workspace target={target} source={source} firstItem={firstItem} />;
}

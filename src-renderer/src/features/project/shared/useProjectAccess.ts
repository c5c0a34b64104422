import { useParams } from 'react-router';
import { mayGrantProjectRole, PROJECT_MEMBER_ROLES, projectRoleMay, type ProjectAction } from '../../../../../src-shared/model/permissions';
import { useGetProjectQuery } from '../../projects/projectApi';

/** The project of the current route (`/projects/:projectId/...`). */
export function useProjectId(): number {
  return Number(useParams().projectId);
}

/**
 * What the caller may do on the current project, from the role the project answers with
 * (the same table the server enforces), so pages show only what works.
 */
export function useProjectAccess() {
  const projectId = useProjectId();
  const { data: project } = useGetProjectQuery(projectId, { skip: !Number.isInteger(projectId) });
  const can = (action: ProjectAction) => (project ? projectRoleMay(project.myRole, action) : false);
  // The project roles the caller may give: none with a right the caller lacks (the server's rule).
  const grantableRoles = project ? PROJECT_MEMBER_ROLES.filter((r) => mayGrantProjectRole(project.myRole, r)) : [];
  return { projectId, project, can, grantableRoles };
}

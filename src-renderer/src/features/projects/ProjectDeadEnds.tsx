import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ProjectTab } from '../../app/areas/types';
import { PATHS, projectPath } from '../../app/paths';
import { AccessDenied, NotFound } from '../../app/resilience/DeadEndStates';

/** A project the caller cannot reach: the server answers 404 to non-members (src-server/plugins/access.ts). */
export function ProjectNotFound() {
  const { t } = useTranslation();
  return (
    <NotFound
      title={t('resilience.projectNotFoundTitle')}
      hint={t('resilience.projectNotFoundHint')}
      wayOut={{ to: PATHS.projects, label: t('resilience.backToProjects') }}
    />
  );
}

/** `/projects/:id/<something no tab is>`: a mistyped or outdated link inside a project that exists. */
export function UnknownProjectPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  return <NotFound wayOut={{ to: projectPath(projectId), label: t('resilience.backToProject') }} />;
}

/** A tab the caller's project role may not use, opened by its address: the tab is not offered to them. */
export function ProjectTabDenied({ projectId, tab }: { projectId: number; tab: ProjectTab }) {
  const { t } = useTranslation();
  return (
    <AccessDenied
      reason={t('resilience.deniedProjectTab', { page: t(tab.labelKey) })}
      wayOut={{ to: projectPath(projectId), label: t('resilience.backToProject') }}
    />
  );
}

import { Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { AiAllow } from '../../../../src-shared/api/ai';
import { LoadFailure } from '../../app/LoadFailure';
import { PanelBoundary } from '../../app/resilience/PanelBoundary';
import { useAiAllowQuery } from './aiApi';
import { AiSwitchedOff } from './AiSwitchedOff';
import { JobsPanel } from './jobs/JobsPanel';
import { ModelsPanel } from './models/ModelsPanel';
import { ServiceStatusLine } from './models/ServiceStatusLine';
import { StatisticsPanel } from './statistics/StatisticsPanel';
import { useAiEvents } from './useAiEvents';

const VIEWS = ['models', 'jobs', 'statistics'] as const;
export type AiView = (typeof VIEWS)[number];
const isView = (v: string | null): v is AiView => (VIEWS as readonly (string | null)[]).includes(v);

/**
 * The project's AI tab. Every project role may use AI (see models and their statistics);
 * managers also pre-annotate, train and choose defaults. The tab is offered to every role that
 * may use AI (`project.ai.use`, all of them); this page still says plainly when AI is switched
 * off, or when the server finds the caller's role cannot use it.
 */
export function AiTab() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const { data: allow, error, refetch } = useAiAllowQuery(projectId, { skip: !Number.isInteger(projectId) });

  if (error) return <LoadFailure title={t('aiTab.loadFailed')} error={error} onRetry={() => void refetch()} />;
  if (!allow) return <Skeleton active />;
  if (!allow.enabled) return <AiSwitchedOff projectId={projectId} />;
  if (!allow.mayUse) return <Result status="403" title={t('aiTab.denied.title')} subTitle={t('aiTab.denied.hint')} data-testid="ai-denied" />;
  return <AiWorkbench projectId={projectId} allow={allow} />;
}

function AiWorkbench({ projectId, allow }: { projectId: number; allow: AiAllow }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const view: AiView = isView(search.get('view')) ? (search.get('view') as AiView) : 'models';
  useAiEvents(projectId);

  /** Statistics of one model: the model list's link and the statistics page's picker both land here. */
  const show = (next: AiView, modelId?: number) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      params.set('view', next);
      if (modelId !== undefined) params.set('model', String(modelId));
      return params;
    });
  const chosenModel = Number(search.get('model')) || undefined;

  return (
    <>
      <ServiceStatusLine projectId={projectId} allow={allow} />
      <Tabs
        activeKey={view}
        onChange={(key) => show(key as AiView)}
        items={[
          { key: 'models', label: t('aiTab.views.models'), children: <PanelBoundary where="ai: models"><ModelsPanel projectId={projectId} allow={allow} onStatistics={(id) => show('statistics', id)} /></PanelBoundary> },
          { key: 'jobs', label: t('aiTab.views.jobs'), children: <PanelBoundary where="ai: jobs"><JobsPanel projectId={projectId} allow={allow} /></PanelBoundary> },
          {
            key: 'statistics',
            label: t('aiTab.views.statistics'),
            children: (
              <PanelBoundary where="ai: statistics">
                <StatisticsPanel projectId={projectId} modelId={chosenModel} onChoose={(id) => show('statistics', id)} />
              </PanelBoundary>
            ),
          },
        ]}
      />
    </>
  );
}

import { Card, Col, Descriptions, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectAnnotateTotalQuery, useProjectOverviewQuery } from '../api/projectOverviewApi';
import { useProjectBatchesQuery, useSubjectCountQuery } from '../api/projectDataApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { PanelBoundary } from '../../../app/resilience/PanelBoundary';
import { useProjectAccess } from '../shared/useProjectAccess';
import { InstructionView } from '../settings/InstructionView';
import { MemberFigures } from './MemberFigures';
import { Timestamp } from '../../../app/figures/Figure';

const NO_FILTERS = {};

/** The project home: what the project holds, how far annotation is, who works on it, and its instruction. */
export function ProjectHomePage() {
  const { t } = useTranslation();
  const { projectId, project, can } = useProjectAccess();
  const mayOverview = can('project.overview');
  const summary = useProjectOverviewQuery({ projectId, queryType: 'summary' }, { skip: !mayOverview });
  const total = useProjectAnnotateTotalQuery(projectId);
  const subjects = useSubjectCountQuery({ projectId, filters: NO_FILTERS });
  const batches = useProjectBatchesQuery({ projectId, page: 1, pageSize: 1 });
  if (!project) return <Skeleton active />;
  const s = summary.data?.queryType === 'summary' ? summary.data : undefined;

  return (
    <div data-testid="project-home">
      {project.description && <Typography.Paragraph type="secondary">{project.description}</Typography.Paragraph>}
      {total.error && <LoadFailure title={t('project.home.totalFailed')} error={total.error} onRetry={() => void total.refetch()} />}
      <Row gutter={[16, 16]}>
        <Col span={6}>
          <Card><Statistic title={t('project.home.subjects')} value={subjects.data?.count ?? '–'} loading={subjects.isLoading} /></Card>
        </Col>
        <Col span={6}>
          <Card><Statistic title={t('project.home.batches')} value={batches.data?.total ?? '–'} loading={batches.isLoading} /></Card>
        </Col>
        <Col span={6}>
          <Card><Statistic title={t('project.home.annotatedSubjects')} value={total.data?.annotatedSubjects ?? '–'} loading={total.isLoading} /></Card>
        </Col>
        <Col span={6}>
          <Card><Statistic title={t('project.home.objects')} value={total.data?.objectCount ?? '–'} loading={total.isLoading} /></Card>
        </Col>
        <Col span={6}>
          <Card><Statistic title={t('project.home.taskSubjects')} value={total.data?.taskSubjects ?? '–'} loading={total.isLoading} /></Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic
              title={t('project.home.done')}
              value={total.data ? total.data.doneTaskSubjects : '–'}
              suffix={total.data?.taskSubjects ? `/ ${total.data.taskSubjects}` : undefined}
              loading={total.isLoading}
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card><Statistic title={t('project.home.annotatedFrames')} value={total.data?.annotatedFrames ?? '–'} loading={total.isLoading} /></Card>
        </Col>
        <Col span={6}>
          <Card><Statistic title={t('project.home.members')} value={project.memberCount} /></Card>
        </Col>
      </Row>
      {subjects.data?.count === 0 && (
        <Empty style={{ marginTop: 16 }} description={can('project.data.manage') ? t('project.home.noDataCanImport') : t('project.home.noData')} />
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col span={12}>
          <Card title={t('project.home.about')}>
            {summary.error && <LoadFailure title={t('project.home.overviewFailed')} error={summary.error} onRetry={() => void summary.refetch()} />}
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('project.home.type')}>{t(`projects.type.${project.type}`)}</Descriptions.Item>
              <Descriptions.Item label={t('project.home.myRole')}>{t(`project.role.${project.myRole}`)}</Descriptions.Item>
              <Descriptions.Item label={t('project.home.createdAt')}><Timestamp at={project.createdAt} /></Descriptions.Item>
              <Descriptions.Item label={t('project.home.updatedAt')}><Timestamp at={project.updatedAt} /></Descriptions.Item>
              {s && <Descriptions.Item label={t('project.home.vendors')}>{s.vendorCount}</Descriptions.Item>}
              {s && <Descriptions.Item label={t('project.home.rejectReasons')}>{s.rejectReasonCount}</Descriptions.Item>}
            </Descriptions>
          </Card>
        </Col>
        <Col span={12}>
          {mayOverview && (
            <PanelBoundary where="project home: member figures">
              <MemberFigures projectId={projectId} />
            </PanelBoundary>
          )}
        </Col>
      </Row>
      <Card title={t('project.home.instruction')} style={{ marginTop: 16 }}>
        {project.instruction ? (
          <PanelBoundary where="project home: instruction">
            <InstructionView html={project.instruction} />
          </PanelBoundary>
        ) : <Typography.Text type="secondary">{can('project.update') ? t('project.home.noInstructionCanEdit') : t('project.home.noInstruction')}</Typography.Text>}
      </Card>
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Select, Slider, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import { objectsShownOn } from '../../../../../src-shared/model/tracks';
import { LoadFailure } from '../../../app/LoadFailure';
import { formatBytes } from '../../insight/shared/workstationStorage';
import { useInfoQuery } from '../../auth/authApi';
import { useProjectOntologyQuery } from '../../ontology/ontologyApi';
import { useTaskDetailQuery } from '../../tasks/tasksApi';
import { workspacePath } from '../../work/paths';
import { useProjectBatchesQuery, useSignedUrlQuery } from '../api/projectDataApi';
import { AnnotationOverlay } from './AnnotationOverlay';
import { VideoFace } from '../dataset/VideoFace';
import { useSubjectDetailQuery, useSubjectInTasksQuery, useTaskSubjectAnnotationsQuery } from './itemViewerApi';

export interface ItemViewerProps {
  projectId: number;
  /** the item shown; null: the viewer is closed */
  dataId: number | null;
  /** where the item is in the list it was opened from, for previous and next */
  position?: { index: number; count: number };
  onMove?: (delta: -1 | 1) => void;
  onClose: () => void;
  /** the task subject whose annotations to show first (a note's), when there is one */
  taskSubjectId?: number | null;
}

/** The same batch list the Data tab asks for, so the viewer adds no request to name a batch. */
const BATCHES_SHOWN = 200;

/**
 * One item, large: its picture with the annotations of one task drawn read-only, its name,
 * size and batch; previous and next through the list it was opened from (buttons or the arrow
 * keys), Esc closes. A picture that cannot be shown (damaged, or gone from the store) says so
 * instead of showing a blank (docs/media-checks.md).
 */
export function ItemViewer({ projectId, dataId, position, onMove, onClose, taskSubjectId }: ItemViewerProps) {
  const { t } = useTranslation();
  const open = dataId !== null;
  const mayMove = (delta: -1 | 1) => !!position && !!onMove && position.index + delta >= 0 && position.index + delta < position.count;

  useEffect(() => {
    if (!open || !onMove) return;
    const onKey = (e: KeyboardEvent) => {
      // Arrows inside a field (the task choice, the frame slider) are that field's.
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [role="slider"], .ant-select')) return;
      if (e.key === 'ArrowLeft' && mayMove(-1)) onMove(-1);
      if (e.key === 'ArrowRight' && mayMove(1)) onMove(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1200px, 94vw)"
      centered
      destroyOnHidden
      title={t('viewer.title')}
      aria-label={t('viewer.title')}
    >
      {dataId !== null && <ItemBody projectId={projectId} dataId={dataId} taskSubjectId={taskSubjectId ?? null} />}
      {position && onMove && (
        <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
          <Button icon={<LeftOutlined />} disabled={!mayMove(-1)} onClick={() => onMove(-1)}>
            {t('viewer.previous')}
          </Button>
          <Typography.Text type="secondary" data-testid="viewer-position">
            {t('viewer.position', { index: position.index + 1, count: position.count })}
          </Typography.Text>
          <Button disabled={!mayMove(1)} onClick={() => onMove(1)}>
            {t('viewer.next')} <RightOutlined />
          </Button>
        </Flex>
      )}
    </Modal>
  );
}

function ItemBody({ projectId, dataId, taskSubjectId }: { projectId: number; dataId: number; taskSubjectId: number | null }) {
  const { t } = useTranslation();
  const subject = useSubjectDetailQuery({ projectId, dataId });
  const inTasks = useSubjectInTasksQuery({ projectId, dataId });
  const batches = useProjectBatchesQuery({ projectId, page: 1, pageSize: BATCHES_SHOWN });
  const { data: ontology } = useProjectOntologyQuery(projectId);
  const [frameIndex, setFrameIndex] = useState(0);
  const tasks = useMemo(() => inTasks.data?.list[0]?.tasks ?? [], [inTasks.data]);
  // The note's task subject, else the one with most objects drawn.
  const preferred = tasks.find((x) => x.taskSubjectId === taskSubjectId) ?? [...tasks].sort((a, b) => b.objectCount - a.objectCount)[0];
  const [chosen, setChosen] = useState<number | undefined>();
  const shownTask = tasks.find((x) => x.taskSubjectId === chosen) ?? preferred;
  const annotations = useTaskSubjectAnnotationsQuery({ taskSubjectId: shownTask?.taskSubjectId ?? 0, dataId }, { skip: !shownTask || shownTask.objectCount === 0 });

  const colours = useMemo(() => {
    const byLabel = new Map<string, string>();
    for (const f of ontology?.features ?? []) for (const l of f.labels ?? []) byLabel.set(`${f.featureId}/${l.id}`, l.color);
    return byLabel;
  }, [ontology]);

  if (subject.error) return <LoadFailure title={t('viewer.loadFailed')} error={subject.error} onRetry={() => void subject.refetch()} />;
  if (!subject.data) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  const item = subject.data;
  const frame = item.frames[Math.min(frameIndex, item.frames.length - 1)];
  // a frame item's tracks are stored as keyframes: each frame shows them where they are there (docs/video.md)
  const objects = frame ? objectsShownOn(item.frames, annotations.data?.frames ?? [], frame.frameId) : [];
  const batchName = batches.data?.list.find((b) => b.id === item.batchId)?.name;

  return (
    <Flex gap={16} align="stretch" wrap>
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        {item.video ? (
          // A video's object is the file, not a frame's picture: its facts stand where the picture would.
          <div style={{ height: 'min(64vh, 640px)', borderRadius: 6, overflow: 'hidden' }}>
            <VideoFace frames={item.frameCount} duration={(item.video.duration * item.video.frameCount) / Math.max(1, item.video.fileFrames)} large />
          </div>
        ) : frame ? (
          <FramePicture key={frame.frameId} frameKey={frame.key} name={item.name} objects={objects} colourOf={(o) => colours.get(`${o.featureId}/${o.labelId}`)} sizeKnown={frame.width !== null} />
        ) : (
          <Alert type="warning" showIcon message={t('viewer.noFrames')} />
        )}
        {item.frames.length > 1 && !item.video && (
          <Slider min={1} max={item.frames.length} value={frameIndex + 1} onChange={(v) => setFrameIndex(v - 1)} aria-label={t('viewer.frame')} tooltip={{ formatter: (v) => t('viewer.frameOf', { index: v, count: item.frames.length }) }} />
        )}
      </div>
      <div style={{ flex: '0 1 300px', minWidth: 240 }}>
        <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0, wordBreak: 'break-all' }} data-testid="viewer-name">
          {item.name}
        </Typography.Title>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('viewer.size')}>
            <span data-testid="viewer-size">{frame?.width && frame.height ? t('viewer.dimensions', { width: frame.width, height: frame.height }) : t('viewer.sizeUnknown')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('viewer.fileSize')}>{formatBytes(item.sizeBytes)}</Descriptions.Item>
          <Descriptions.Item label={t('viewer.batch')}>
            <span data-testid="viewer-batch">{batchName ?? '…'}</span>
          </Descriptions.Item>
          {item.frames.length > 1 && <Descriptions.Item label={t('viewer.frames')}>{item.frames.length}</Descriptions.Item>}
          {item.video && (
            <>
              <Descriptions.Item label={t('viewer.videoCodec')}>{item.video.codec}</Descriptions.Item>
              <Descriptions.Item label={t('viewer.videoRate')}>{t(item.video.variableFrameRate ? 'viewer.videoRateVariable' : 'viewer.videoRateValue', { rate: Math.round(item.video.frameRate * 100) / 100 })}</Descriptions.Item>
              <Descriptions.Item label={t('viewer.videoSpan')}>
                {t('viewer.videoSpanValue', { first: item.video.firstFrame, last: item.video.firstFrame + item.video.frameCount - 1, total: item.video.fileFrames })}
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label={t('viewer.annotations')}>
            {tasks.length === 0 ? (
              t('viewer.inNoTask')
            ) : (
              <Flex vertical gap={6}>
                {tasks.length > 1 && (
                  <Select
                    aria-label={t('viewer.task')}
                    size="small"
                    value={shownTask?.taskSubjectId}
                    onChange={setChosen}
                    options={tasks.map((x) => ({ value: x.taskSubjectId, label: x.taskName }))}
                  />
                )}
                <span data-testid="viewer-object-count">
                  {tasks.length === 1 ? `${shownTask?.taskName}: ` : ''}
                  {t('viewer.objects', { count: shownTask?.objectCount ?? 0 })}
                </span>
              </Flex>
            )}
          </Descriptions.Item>
        </Descriptions>
        {shownTask && <WorkspaceLink projectId={projectId} taskId={shownTask.taskId} workflowId={shownTask.workflowId} taskSubjectId={shownTask.taskSubjectId} />}
      </div>
    </Flex>
  );
}

/** The picture with its objects, or why it cannot be shown. */
function FramePicture({ frameKey, name, objects, colourOf, sizeKnown }: { frameKey: string; name: string; objects: readonly AnnotationObject[]; colourOf: (o: AnnotationObject) => string | undefined; sizeKnown: boolean }) {
  const { t } = useTranslation();
  const signed = useSignedUrlQuery(frameKey);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [broken, setBroken] = useState(false);
  if (broken || signed.error) {
    return <Alert type="error" showIcon data-testid="viewer-broken" message={t('viewer.brokenTitle')} description={sizeKnown ? t('viewer.brokenMissing') : t('viewer.brokenDamaged')} />;
  }
  return (
    <div style={{ position: 'relative', height: 'min(64vh, 640px)', background: '#f0f0f0', borderRadius: 6 }}>
      {signed.data ? (
        <img
          src={signed.data.url}
          alt={name}
          data-testid="viewer-image"
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          onError={() => setBroken(true)}
        />
      ) : (
        <Spin style={{ position: 'absolute', top: '45%', left: '48%' }} />
      )}
      {natural && natural.width > 0 && objects.length > 0 && <AnnotationOverlay objects={objects} width={natural.width} height={natural.height} colourOf={colourOf} />}
    </div>
  );
}

/** Into the workspace at this item, offered only to a member of the step the item is at (the workspace's own rule). */
function WorkspaceLink({ projectId, taskId, workflowId, taskSubjectId }: { projectId: number; taskId: number; workflowId: number; taskSubjectId: number }) {
  const { t } = useTranslation();
  const { data: me } = useInfoQuery();
  const { data: task } = useTaskDetailQuery({ projectId, taskId });
  const step = task?.steps.find((s) => s.workflowId === workflowId);
  if (!me || !step?.memberIds.includes(me.id)) return null;
  return (
    <Link to={workspacePath({ projectId, taskId, workflowId, taskSubjectId })} style={{ display: 'inline-block', marginTop: 12 }}>
      {t('viewer.openInWorkspace', { step: step.name })}
    </Link>
  );
}

import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Empty, Flex, List, Select, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import type { AnnotationSnapshotEntry } from '../../../../../src-shared/api/taskSubject';
import { useErrorText } from '../../../app/useErrorText';
import { diffObjects, type ObjectChange } from './diffObjects';
import { SnapshotPreview } from './SnapshotPreview';
import { useSnapshotListQuery, useSnapshotQuery } from './snapshotApi';

export interface CompareSubmissionsProps {
  taskSubjectId: number;
  /** the frame shown in the workspace: only its objects are compared */
  frameId: number;
  /** the frame's objects as they are now (the engine's live copy) */
  currentObjects: readonly AnnotationObject[];
  colorOf: (o: AnnotationObject) => string;
  labelName: (o: AnnotationObject) => string;
  /** a difference was clicked; a removed object's id is no longer on the frame */
  onSelect: (objectId: string) => void;
  /** the frame's size in image pixels, to scale the previews */
  frameWidth: number;
  frameHeight: number;
  /** the frame's image, drawn beneath both previews when given */
  image?: ImageBitmap | OffscreenCanvas | null;
}

/** Rows of the differences list drawn at most; the counts above still count everything. */
const MAX_ROWS = 500;

type Row = { key: string; objectId: string; kind: 'added' | 'removed' | 'changed'; name: string; what: ObjectChange[] };

const when = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm');

function optionText(s: AnnotationSnapshotEntry, t: TFunction): string {
  const action = s.action === 'submit' || s.action === 'pass' ? t(`work.compare.action.${s.action}`) : s.action;
  return t('work.compare.option', { action, name: s.userName, when: when(s.createdAt), count: s.objectCount });
}

/**
 * What changed on a frame since an earlier hand-on of the item: by default the previous
 * submission (the second newest `submit`), another one on request. Shows the counts, the
 * two versions side by side as outlines, and each difference, clickable.
 */
export function CompareSubmissions({ taskSubjectId, frameId, currentObjects, colorOf, labelName, onSelect, frameWidth, frameHeight, image = null }: CompareSubmissionsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useSnapshotListQuery({ taskSubjectId });
  // A pick belongs to the item it was made on: another item starts from its own default.
  const [picked, setPicked] = useState<{ taskSubjectId: number; snapshotId: number } | null>(null);

  const snapshots = useMemo(() => list.data?.list ?? [], [list.data]);
  const previousSubmission = snapshots.filter((s) => s.action === 'submit')[1];
  const snapshotId = picked?.taskSubjectId === taskSubjectId ? picked.snapshotId : previousSubmission?.snapshotId;
  const chosen = snapshots.find((s) => s.snapshotId === snapshotId);
  const snapshot = useSnapshotQuery(snapshotId !== undefined ? { taskSubjectId, snapshotId } : skipToken);

  const before = useMemo(() => snapshot.data?.frames.find((f) => f.frameId === frameId)?.data.objects ?? [], [snapshot.data, frameId]);
  const diff = useMemo(() => diffObjects(before, currentObjects), [before, currentObjects]);
  const rows = useMemo<Row[]>(
    () => [
      ...diff.changed.map(({ before: b, after: a, what }) => ({
        key: `c-${a.id}`,
        objectId: a.id,
        kind: 'changed' as const,
        name: what.includes('label') ? t('work.compare.relabelled', { before: labelName(b), after: labelName(a) }) : labelName(a),
        what,
      })),
      ...diff.added.map((o) => ({ key: `a-${o.id}`, objectId: o.id, kind: 'added' as const, name: labelName(o), what: [] })),
      ...diff.removed.map((o) => ({ key: `r-${o.id}`, objectId: o.id, kind: 'removed' as const, name: labelName(o), what: [] })),
    ],
    [diff, labelName, t],
  );
  const emphasisBefore = useMemo(() => new Set([...diff.removed.map((o) => o.id), ...diff.changed.map((c) => c.before.id)]), [diff]);
  const emphasisAfter = useMemo(() => new Set([...diff.added.map((o) => o.id), ...diff.changed.map((c) => c.after.id)]), [diff]);

  if (list.isLoading) return <Spin size="small" description={t('work.compare.loading')}><div style={{ minHeight: 48 }} /></Spin>;
  if (list.error) return <Alert type="error" showIcon title={t('work.compare.loadFailed')} description={errorText(list.error)} />;

  const picker = snapshots.length > 0 && (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={t('work.compare.pick')}
      placeholder={t('work.compare.pick')}
      value={snapshotId}
      onChange={(id: number) => setPicked({ taskSubjectId, snapshotId: id })}
      options={snapshots.map((s) => ({ value: s.snapshotId, label: optionText(s, t) }))}
      data-testid="compare-pick"
    />
  );

  return (
    <Flex vertical gap={8} data-testid="compare-submissions">
      <Typography.Text strong>{t('work.compare.title')}</Typography.Text>
      {picker}
      {snapshotId === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('work.compare.nothingEarlier')} />
      ) : snapshot.error ? (
        <Alert type="error" showIcon title={t('work.compare.loadFailed')} description={errorText(snapshot.error)} />
      ) : !snapshot.data ? (
        <Spin size="small" />
      ) : (
        <>
          <Flex wrap gap={4} data-testid="compare-counts">
            <Tag color="green">{t('work.compare.counts.added', { count: diff.added.length })}</Tag>
            <Tag color="red">{t('work.compare.counts.removed', { count: diff.removed.length })}</Tag>
            <Tag color="orange">{t('work.compare.counts.changed', { count: diff.changed.length })}</Tag>
            <Tag>{t('work.compare.counts.unchanged', { count: diff.unchanged })}</Tag>
          </Flex>
          <Flex gap={8} wrap>
            <Flex vertical gap={2}>
              <Typography.Text type="secondary">{t('work.compare.before', { when: chosen ? when(chosen.createdAt) : '' })}</Typography.Text>
              <SnapshotPreview objects={before} colorOf={colorOf} frameWidth={frameWidth} frameHeight={frameHeight} image={image} emphasis={emphasisBefore} width={200} label={t('work.compare.beforeImage')} />
            </Flex>
            <Flex vertical gap={2}>
              <Typography.Text type="secondary">{t('work.compare.after')}</Typography.Text>
              <SnapshotPreview objects={currentObjects} colorOf={colorOf} frameWidth={frameWidth} frameHeight={frameHeight} image={image} emphasis={emphasisAfter} width={200} label={t('work.compare.afterImage')} />
            </Flex>
          </Flex>
          {rows.length === 0 ? (
            <Typography.Text type="secondary">{t('work.compare.noDifference')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={rows.slice(0, MAX_ROWS)}
              data-testid="compare-differences"
              renderItem={(r) => (
                <List.Item key={r.key} onClick={() => onSelect(r.objectId)} style={{ cursor: 'pointer', paddingInline: 4 }}>
                  <Flex gap={6} align="center" wrap style={{ width: '100%' }}>
                    <Tag color={r.kind === 'added' ? 'green' : r.kind === 'removed' ? 'red' : 'orange'}>{t(`work.compare.kind.${r.kind}`)}</Tag>
                    <Typography.Text delete={r.kind === 'removed'} ellipsis style={{ maxWidth: 160 }}>
                      {r.name}
                    </Typography.Text>
                    {r.what.map((w) => (
                      <Typography.Text key={w} type="secondary">
                        {t(`work.compare.what.${w}`)}
                      </Typography.Text>
                    ))}
                  </Flex>
                </List.Item>
              )}
            />
          )}
          {rows.length > MAX_ROWS && <Typography.Text type="secondary">{t('work.compare.more', { count: rows.length - MAX_ROWS })}</Typography.Text>}
        </>
      )}
    </Flex>
  );
}

import { useMemo, useState } from 'react';
import { App, Button, Flex, Popconfirm, Segmented, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Note, NoteThread } from '../../../../src-shared/api/note';
import { useProjectMay } from '../../app/projectPermission';
import { relativeTime } from '../../app/relativeTime';
import { EmptyHint } from '../../app/EmptyHint';
import { LoadFailure } from '../../app/LoadFailure';
import { useErrorText } from '../../app/useErrorText';
import { useNoteLabelsQuery } from '../project/api/noteLabelApi';
import { ItemViewer } from '../project/viewer/ItemViewer';
import { NoteReplies } from './NoteReplies';
import { useDeleteNotesMutation, useListNotesQuery, useSetNotesStatusMutation } from './notesApi';
import { threadNoteIds } from './threadNotes';

type StatusFilter = 'all' | Note['status'];
const PAGE_SIZE = 20;
/** How long the undo of a bulk resolve or reopen stays offered. */
const UNDO_SECONDS = 6;

/**
 * Open and resolved notes across a project as threads (a note with the answers on the same
 * item or object under it), filtered, each naming its item by file name and opening it in the
 * item viewer; resolve what is open and reopen what is resolved, one or in bulk; delete. The
 * project's room keeps it live (ProjectLayout's useProjectLive).
 */
export function NotesCentrePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const projectId = Number(useParams().projectId);
  const [status, setStatus] = useState<StatusFilter>('open');
  const [labelId, setLabelId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const mayManage = useProjectMay(projectId, 'project.note.manage');
  const mayReply = useProjectMay(projectId, 'project.task.work');
  // The thread whose item is open in the viewer, by its index on this page.
  const [viewing, setViewing] = useState<number | null>(null);

  const query = { projectId, page, pageSize: PAGE_SIZE, threads: true, ...(status === 'all' ? {} : { status }), ...(labelId ? { labelId } : {}) };
  const { data, error, isFetching, refetch } = useListNotesQuery(query);
  const { data: labels } = useNoteLabelsQuery(projectId);
  const [setNotesStatus, { isLoading: changing }] = useSetNotesStatusMutation();
  const [deleteNotes, { isLoading: deleting }] = useDeleteNotesMutation();
  const labelById = useMemo(() => new Map((labels ?? []).map((l) => [l.id, l])), [labels]);
  const threads = useMemo(() => data?.list ?? [], [data]);
  const chosen = threads.filter((th) => selected.includes(th.id));
  // Each action is offered only where it does something: Resolve on open threads, Reopen on resolved ones.
  const chosenOpen = chosen.filter((th) => th.status === 'open');
  const chosenResolved = chosen.filter((th) => th.status === 'resolved');
  const viewed = viewing === null ? undefined : threads[viewing];

  const change = async (ids: number[], to: Note['status'], offerUndo = true) => {
    if (ids.length === 0) return;
    try {
      await setNotesStatus({ projectId, ids, status: to }).unwrap();
      setSelected([]);
      if (!offerUndo) return;
      const key = `notes-${Date.now()}`;
      void message.success({
        key,
        duration: UNDO_SECONDS,
        content: (
          <Space>
            {t(to === 'resolved' ? 'notes.resolved' : 'notes.reopened', { count: ids.length })}
            <Button
              size="small"
              type="link"
              onClick={() => {
                message.destroy(key);
                void change(ids, to === 'resolved' ? 'open' : 'resolved', false);
              }}
            >
              {t('notes.undo')}
            </Button>
          </Space>
        ),
      });
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const remove = async () => {
    try {
      await deleteNotes({ ids: selected }).unwrap();
      void message.success(t('notes.removed', { count: selected.length }));
      setSelected([]);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<NoteThread> = [
    {
      title: t('notes.columns.content'),
      dataIndex: 'content',
      key: 'content',
      ellipsis: true,
      render: (content: string, n) => (
        <Space size={6}>
          <span>{content}</span>
          {(n.replies?.length ?? 0) > 0 && <Tag>{t('notes.replies', { count: n.replies!.length })}</Tag>}
        </Space>
      ),
    },
    {
      title: t('notes.columns.label'),
      key: 'label',
      width: 140,
      render: (_: unknown, n) => {
        const label = n.labelId === null ? undefined : labelById.get(n.labelId);
        return label ? <Tag color={label.color}>{label.name}</Tag> : null;
      },
    },
    {
      title: t('notes.columns.subject'),
      key: 'subject',
      width: 200,
      ellipsis: true,
      render: (_: unknown, n, index) => (
        <Button type="link" size="small" style={{ padding: 0, maxWidth: '100%' }} onClick={() => setViewing(index)} title={n.dataName} aria-label={t('viewer.openItem', { name: n.dataName })}>
          <Typography.Text ellipsis style={{ color: 'inherit' }}>
            {n.dataName}
          </Typography.Text>
        </Button>
      ),
    },
    { title: t('notes.columns.author'), dataIndex: 'createdByName', key: 'author', width: 180 },
    { title: t('notes.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 130, render: (at: number) => relativeTime(at, t) },
    {
      title: t('notes.columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (s: Note['status']) => <Tag color={s === 'open' ? 'orange' : 'green'}>{t(`notes.status.${s}`)}</Tag>,
    },
    ...(mayManage
      ? [
          {
            title: t('notes.columns.actions'),
            key: 'actions',
            width: 130,
            render: (_: unknown, n: NoteThread) =>
              n.status === 'open' ? (
                <Button size="small" onClick={() => void change(threadNoteIds([n], 'resolved'), 'resolved')}>
                  {t('notes.resolveOne')}
                </Button>
              ) : (
                <Button size="small" onClick={() => void change(threadNoteIds([n], 'open'), 'open')}>
                  {t('notes.reopenOne')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <Segmented<StatusFilter>
          aria-label={t('notes.statusFilter')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
            setSelected([]);
          }}
          options={(['open', 'resolved', 'all'] as const).map((s) => ({ value: s, label: t(`notes.status.${s}`) }))}
        />
        <Select
          aria-label={t('notes.labelFilter')}
          style={{ width: 200 }}
          allowClear
          placeholder={t('notes.anyLabel')}
          value={labelId}
          onChange={(v?: number) => {
            setLabelId(v);
            setPage(1);
          }}
          options={(labels ?? []).map((l) => ({ value: l.id, label: <Tag color={l.color}>{l.name}</Tag> }))}
        />
        {selected.length > 0 && (
          <Space data-testid="notes-bulk">
            <Typography.Text>{t('notes.selected', { count: selected.length })}</Typography.Text>
            {mayManage && chosenOpen.length > 0 && (
              <Button type="primary" loading={changing} onClick={() => void change(threadNoteIds(chosenOpen, 'resolved'), 'resolved')}>
                {t('notes.resolve')}
              </Button>
            )}
            {mayManage && chosenResolved.length > 0 && (
              <Button loading={changing} onClick={() => void change(threadNoteIds(chosenResolved, 'open'), 'open')}>
                {t('notes.reopen')}
              </Button>
            )}
            <Popconfirm title={t('notes.removeConfirm', { count: selected.length })} onConfirm={() => void remove()}>
              <Button danger loading={deleting}>
                {t('notes.remove')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Flex>
      {error && (
        <LoadFailure title={t('notes.loadFailed')} error={error} onRetry={() => void refetch()} />
      )}
      <Table<NoteThread>
        aria-label={t('notes.tableLabel')}
        rowKey="id"
        columns={columns}
        dataSource={threads}
        expandable={{
          // Every thread shows its replies (and the reply box) under it; nothing to click open.
          expandedRowKeys: threads.map((th) => th.id),
          showExpandColumn: false,
          expandedRowRender: (th) => <NoteReplies thread={th} mayReply={mayReply} />,
          rowExpandable: (th) => (th.replies?.length ?? 0) > 0 || mayReply,
        }}
        loading={isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{
          emptyText:
            data && !isFetching ? (
              <EmptyHint title={t('notes.emptyTitle')} hint={t('notes.emptyHint')} />
            ) : (
              ' '
            ),
        }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showTotal: (total) => t('notes.total', { count: total }), onChange: setPage }}
      />
      <ItemViewer
        projectId={projectId}
        dataId={viewed?.dataId ?? null}
        taskSubjectId={viewed?.taskSubjectId ?? null}
        position={viewing === null ? undefined : { index: viewing, count: threads.length }}
        onMove={(delta) => setViewing((i) => (i === null ? i : Math.min(threads.length - 1, Math.max(0, i + delta))))}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

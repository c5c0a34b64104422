import { useMemo, useState } from 'react';
import { App, Button, Flex, Popconfirm, Segmented, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Note } from '../../../../src-shared/api/note';
import { room } from '../../../../src-shared/api/realtime';
import { api } from '../../app/apiSlice';
import { useAppDispatch } from '../../app/hooks';
import { useProjectMay } from '../../app/projectPermission';
import { relativeTime } from '../../app/relativeTime';
import { EmptyHint } from '../../app/EmptyHint';
import { LoadFailure } from '../../app/LoadFailure';
import { useErrorText } from '../../app/useErrorText';
import { useRoomEvents } from '../../app/useRoomEvents';
import { useDeleteNotesMutation, useListNotesQuery, useNoteLabelsQuery, useSetNotesStatusMutation } from './notesApi';

type StatusFilter = 'all' | Note['status'];
const PAGE_SIZE = 20;
/** How long the undo of a bulk resolve or reopen stays offered. */
const UNDO_SECONDS = 6;

/** Open and resolved notes across a project, filtered, with bulk resolve, reopen and delete. */
export function NotesCentrePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const projectId = Number(useParams().projectId);
  const [status, setStatus] = useState<StatusFilter>('open');
  const [labelId, setLabelId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const mayManage = useProjectMay(projectId, 'project.note.manage');

  const query = { projectId, page, pageSize: PAGE_SIZE, ...(status === 'all' ? {} : { status }), ...(labelId ? { labelId } : {}) };
  const { data, error, isFetching, refetch } = useListNotesQuery(query);
  const { data: labels } = useNoteLabelsQuery(projectId);
  const [setNotesStatus, { isLoading: changing }] = useSetNotesStatusMutation();
  const [deleteNotes, { isLoading: deleting }] = useDeleteNotesMutation();
  const labelById = useMemo(() => new Map((labels ?? []).map((l) => [l.id, l])), [labels]);

  // Notes added or resolved elsewhere (a reviewer in the workspace) show up without a reload.
  const refresh = () => dispatch(api.util.invalidateTags([{ type: 'Note', id: 'LIST' }, { type: 'Note', id: 'LABELS' }]));
  useRoomEvents(Number.isInteger(projectId) ? room('project', projectId) : null, (m) => m.type === 'note.changed' && refresh(), refresh);

  const change = async (ids: number[], to: Note['status'], offerUndo = true) => {
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

  const columns: TableColumnsType<Note> = [
    { title: t('notes.columns.content'), dataIndex: 'content', key: 'content', ellipsis: true },
    {
      title: t('notes.columns.label'),
      key: 'label',
      width: 140,
      render: (_: unknown, n) => {
        const label = n.labelId === null ? undefined : labelById.get(n.labelId);
        return label ? <Tag color={label.color}>{label.name}</Tag> : null;
      },
    },
    { title: t('notes.columns.subject'), key: 'subject', width: 120, render: (_: unknown, n) => t('notes.subjectId', { id: n.dataId }) },
    { title: t('notes.columns.author'), dataIndex: 'createdByName', key: 'author', width: 180 },
    { title: t('notes.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 130, render: (at: number) => relativeTime(at, t) },
    {
      title: t('notes.columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (s: Note['status']) => <Tag color={s === 'open' ? 'orange' : 'green'}>{t(`notes.status.${s}`)}</Tag>,
    },
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
            {mayManage && (
              <>
                <Button type="primary" loading={changing} onClick={() => void change(selected, 'resolved')}>
                  {t('notes.resolve')}
                </Button>
                <Button loading={changing} onClick={() => void change(selected, 'open')}>
                  {t('notes.reopen')}
                </Button>
              </>
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
      <Table<Note>
        aria-label={t('notes.tableLabel')}
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
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
    </>
  );
}

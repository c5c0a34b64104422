import { useState } from 'react';
import { App, Button, Card, Flex, InputNumber, Popconfirm, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dispatch } from '../../../../src-shared/api/dispatch';
import type { TaskDetail } from '../../../../src-shared/api/task';
import { relativeTime } from '../../app/relativeTime';
import { useErrorText } from '../../app/useErrorText';
import { useCancelDispatchMutation, useDispatchesQuery, useDispatchMutation, useDispatchTargetsQuery } from './tasksApi';
import { stepName } from '../../app/stepName';

/** Hands waiting items of a step to one of its members, and takes dispatches back. */
export function DispatchCard({ task }: { task: TaskDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [workflowId, setWorkflowId] = useState(task.steps[0]?.workflowId);
  const [target, setTarget] = useState<number | undefined>();
  const [count, setCount] = useState<number | null>(1);
  const [page, setPage] = useState(1);
  const inTask = { projectId: task.projectId, taskId: task.id };
  const { data: targets } = useDispatchTargetsQuery({ ...inTask, workflowId: workflowId! }, { skip: workflowId === undefined });
  const { data: history } = useDispatchesQuery({ ...inTask, page });
  const [dispatch, { isLoading }] = useDispatchMutation();
  const [cancel] = useCancelDispatchMutation();

  const submit = async () => {
    if (workflowId === undefined || target === undefined || !count) return;
    try {
      const d = await dispatch({ ...inTask, workflowId, targetUserId: target, count }).unwrap();
      void message.success(t('tasks.dispatch.done', { count: d.itemCount, name: d.targetUserName }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const takeBack = async (d: Dispatch) => {
    try {
      const r = await cancel({ ...inTask, dispatchId: d.id }).unwrap();
      void message.success(t('tasks.dispatch.cancelled', { count: r.returnedIds.length }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const stepNameOf = (id: number) => {
    const step = task.steps.find((s) => s.workflowId === id);
    return step ? stepName(t, step) : '';
  };

  return (
    <Card title={t('tasks.detail.dispatch')} size="small">
      <Flex gap={8} wrap align="center">
        <Select
          aria-label={t('tasks.dispatch.step')}
          style={{ width: 180 }}
          value={workflowId}
          onChange={(v: number) => {
            setWorkflowId(v);
            setTarget(undefined);
          }}
          options={task.steps.map((s) => ({ value: s.workflowId, label: `${s.stepIndex + 1}. ${stepName(t, s)}` }))}
        />
        <Select
          aria-label={t('tasks.dispatch.target')}
          placeholder={t('tasks.dispatch.targetPlaceholder')}
          style={{ width: 240 }}
          value={target}
          onChange={(v: number) => setTarget(v)}
          options={(targets ?? []).map((m) => ({ value: m.userId, label: `${m.name} · ${t('tasks.dispatch.holding', { claimed: m.claimed + m.inProgress })}` }))}
        />
        <InputNumber aria-label={t('tasks.dispatch.count')} min={1} max={1000} value={count} onChange={setCount} />
        <Button type="primary" disabled={target === undefined || !count} loading={isLoading} onClick={() => void submit()}>
          {t('tasks.dispatch.submit')}
        </Button>
      </Flex>
      <Table<Dispatch>
        size="small"
        rowKey="id"
        style={{ marginTop: 12 }}
        title={() => t('tasks.dispatch.history')}
        dataSource={history?.list ?? []}
        pagination={{ current: page, pageSize: 10, total: history?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('tasks.dispatch.columns.target'), dataIndex: 'targetUserName', key: 'target' },
          { title: t('tasks.dispatch.columns.step'), key: 'step', render: (_: unknown, d) => stepNameOf(d.workflowId) },
          { title: t('tasks.dispatch.columns.items'), dataIndex: 'itemCount', key: 'items' },
          { title: t('tasks.dispatch.columns.stillHeld'), dataIndex: 'openCount', key: 'open' },
          { title: t('tasks.dispatch.columns.createdAt'), dataIndex: 'createdAt', key: 'at', render: (at: number) => relativeTime(at, t) },
          {
            title: t('tasks.dispatch.columns.state'),
            key: 'state',
            render: (_: unknown, d) =>
              d.cancelledAt ? (
                <Tag>{t('tasks.dispatch.stateCancelled')}</Tag>
              ) : (
                <Flex gap={8} align="center">
                  <Tag color="green">{t('tasks.dispatch.stateActive')}</Tag>
                  {d.openCount > 0 && (
                    <Popconfirm title={t('tasks.dispatch.cancel')} onConfirm={() => void takeBack(d)}>
                      <Button size="small" type="link">
                        {t('tasks.dispatch.cancel')}
                      </Button>
                    </Popconfirm>
                  )}
                </Flex>
              ),
          },
        ]}
      />
    </Card>
  );
}

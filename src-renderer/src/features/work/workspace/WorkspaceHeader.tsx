import { CheckCircleOutlined, ExpandOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import type { AnnotationEngine } from '../../../canvas/engine';
import { type ReadyAhead, useNextReady } from './readyAhead';
import { SyncBadge } from './SyncBadge';

/** The workspace's top bar: where the annotator is, whether their work is saved, the view, and the step's actions. */
export function WorkspaceHeader(p: {
  stepName: string;
  isReview: boolean;
  itemName: string;
  pending: number | undefined;
  journal: JournalStatus | null;
  /** items handed on while the server was away, not yet sent */
  handoffsWaiting: number;
  /** the item claimed ahead and loaded on this computer, if any */
  readyAhead: ReadyAhead;
  openId: number | undefined;
  busy: boolean;
  engineRef: React.RefObject<AnnotationEngine | null>;
  onBack: () => void;
  onShortcuts: () => void;
  onSubmit: () => void;
  onSkip: () => void;
  onReject: () => void;
  onCompare: () => void;
  submitChord: string;
}) {
  const { t } = useTranslation();
  const engine = () => p.engineRef.current;
  return (
    <Flex align="center" gap={12} style={{ padding: '6px 12px', borderBottom: '1px solid #f0f0f0', background: '#fff' }}>
      <Button onClick={p.onBack}>{t('work.backToMyWork')}</Button>
      <Tag color={p.isReview ? 'purple' : 'blue'}>{t(`work.stepType.${p.isReview ? 'review' : 'annotate'}`)}</Tag>
      {/* At 1280 px the bar is full: the labels keep to one line and the item's name gives way first. */}
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {p.stepName}
      </Typography.Text>
      <Typography.Text data-testid="item-name" ellipsis={{ tooltip: p.itemName }} style={{ maxWidth: 320, minWidth: 48, flex: '0 1 auto' }}>
        {p.itemName}
      </Typography.Text>
      {p.pending !== undefined && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('work.queueLeft', { count: p.pending })}
        </Typography.Text>
      )}
      <SyncBadge state={p.journal} />
      {p.handoffsWaiting > 0 && (
        <Tooltip title={t('work.offline.waitingHint')}>
          <Tag color="orange" data-testid="handoffs-waiting">
            {t('work.offline.waiting', { count: p.handoffsWaiting })}
          </Tag>
        </Tooltip>
      )}
      <NextReadyNote ready={p.readyAhead} openId={p.openId} />
      <span style={{ flex: 1 }} />
      <Space.Compact>
        <Tooltip title={t('work.keys.command.undo')}>
          <Button aria-label={t('work.keys.command.undo')} icon={<UndoOutlined />} onClick={() => engine()?.undo()} />
        </Tooltip>
        <Tooltip title={t('work.keys.command.redo')}>
          <Button aria-label={t('work.keys.command.redo')} icon={<RedoOutlined />} onClick={() => engine()?.redo()} />
        </Tooltip>
        <Tooltip title={t('work.keys.command.fit')}>
          <Button aria-label={t('work.keys.command.fit')} icon={<ExpandOutlined />} onClick={() => engine()?.fit()} />
        </Tooltip>
        <Tooltip title={t('work.keys.command.actualSize')}>
          <Button aria-label={t('work.keys.command.actualSize')} onClick={() => engine()?.oneToOne()}>1:1</Button>
        </Tooltip>
      </Space.Compact>
      <Button onClick={p.onShortcuts}>{t('work.keys.open')}</Button>
      {p.isReview ? (
        <>
          <Button onClick={p.onCompare} data-testid="compare">
            {t('work.compare.open')}
          </Button>
          <Button danger disabled={p.busy} onClick={p.onReject} data-testid="reject">
            {t('work.reject.open')}
          </Button>
          <Tooltip title={p.submitChord}>
            <Button type="primary" loading={p.busy} onClick={p.onSubmit} data-testid="pass">
              {t('work.pass')}
            </Button>
          </Tooltip>
        </>
      ) : (
        <>
          <Popconfirm title={t('work.skipConfirm')} onConfirm={p.onSkip} okText={t('work.skip')} cancelText={t('work.cancel')}>
            <Button disabled={p.busy} data-testid="skip">
              {t('work.skip')}
            </Button>
          </Popconfirm>
          <Tooltip title={p.submitChord}>
            <Button type="primary" loading={p.busy} onClick={p.onSubmit} data-testid="submit">
              {t('work.submit')}
            </Button>
          </Tooltip>
        </>
      )}
    </Flex>
  );
}

/** "Next item ready": the next item is claimed and loaded here, so it opens at once and survives a network drop. */
function NextReadyNote({ ready, openId }: { ready: ReadyAhead; openId: number | undefined }) {
  const { t } = useTranslation();
  if (!useNextReady(ready, openId)) return null;
  return (
    <Tooltip title={t('work.nextReadyHint')}>
      <Tag bordered={false} icon={<CheckCircleOutlined />} data-testid="next-ready">
        {t('work.nextReady')}
      </Tag>
    </Tooltip>
  );
}

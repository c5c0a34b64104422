import { ArrowLeftOutlined, CheckCircleOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import type { AnnotationEngine } from '../../../canvas/engine';
import { useWatched, type Watched } from '../../../app/watched';
import type { Chord, Command } from './keymap';
import { HandoffNoticeButton } from './HandoffNoticeButton';
import { type ItemsLeft, useItemsLeft } from './itemsLeft';
import type { HandoffNotice } from './useHandoffNotices';
import { type ReadyAhead, useNextReady } from './readyAhead';
import { SyncBadge } from './SyncBadge';
import { useChordTip } from './useChordTip';
import { ZoomField } from './ZoomField';

/** The workspace's top bar: where the annotator is, whether their work is saved, the view, and the step's actions. */
export function WorkspaceHeader(p: {
  /** the step's own name, when someone named it (null: the tag, its default name, says it all) */
  stepName: string | null;
  /** what the coloured tag says: the step's type, or its default name ("Review 2"), which says the type */
  stepTag: string;
  isReview: boolean;
  itemName: string;
  /** how many items are left with an item open (read here only: its changes re-render the count, not the workspace) */
  left: Watched<ItemsLeft>;
  /** the i18n keys that say that count and what it counts, in the words of the items' source (the step's queue, or the package) */
  leftWording: { left: string; leftHint: string };
  journal: JournalStatus | null;
  /** items handed on and not yet sent (read here only: its changes re-render the tag, not the workspace) */
  handoffsWaiting: Watched<number>;
  /** moves the server refused or found in conflict, listed when the annotator opens the notice */
  handoffNotices: readonly HandoffNotice[];
  onDismissNotice: (taskSubjectId: number) => void;
  /** the item claimed ahead and loaded on this computer, if any */
  readyAhead: ReadyAhead;
  openId: number | undefined;
  /** no item to act on (one is loading) */
  busy: boolean;
  /** a step action is moving the item on (read here only: its changes re-render the actions, not the workspace) */
  moving: Watched<boolean>;
  /** the canvas's engine once it exists */
  engine: AnnotationEngine | null;
  onBack: () => void;
  onShortcuts: () => void;
  onSubmit: () => void;
  onSkip: () => void;
  onReject: () => void;
  onCompare: () => void;
  /** undo and redo of a frame item (its history is the item's, not the canvas's: tracks/itemHistory.ts) */
  onUndo?: () => void;
  onRedo?: () => void;
  /** the user's keys, written into the tooltips */
  keymap: Readonly<Record<Command, Chord>>;
}) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const { engine, keymap, onUndo, onRedo } = p;
  return (
    <Flex align="center" gap={12} style={{ padding: '6px 12px', borderBottom: '1px solid #f0f0f0', background: '#fff' }}>
      {/* An arrow and where it goes: the words the bar's other parts need (the item's name) are not spent here. */}
      <Button onClick={p.onBack} icon={<ArrowLeftOutlined />} aria-label={t('work.backToMyWork')} style={{ flex: 'none' }}>
        {t('work.myWork')}
      </Button>
      <Tag color={p.isReview ? 'purple' : 'blue'} style={{ flex: 'none', marginInlineEnd: 0 }} data-testid="step-tag">
        {p.stepTag}
      </Tag>
      {/* Where the annotator is and how their work stands: this part gives way at 1280 px (the
          names shorten first, then it is cut), never the actions, and the bar never grows the page. */}
      <Flex align="center" gap={12} style={{ flex: '1 1 auto', minWidth: 0, overflow: 'hidden' }}>
        {p.stepName !== null && (
          <Typography.Text strong ellipsis={{ tooltip: p.stepName }} style={{ maxWidth: 160, flex: 'none' }}>
            {p.stepName}
          </Typography.Text>
        )}
        {/* Never cut down to a few letters ("astr…"): the status words beside it are kept short so it has room. */}
        <Typography.Text data-testid="item-name" ellipsis={{ tooltip: p.itemName }} style={{ maxWidth: 320, minWidth: 120, flex: '0 1 auto' }}>
          {p.itemName}
        </Typography.Text>
        <ItemsLeftText left={p.left} wording={p.leftWording} openId={p.openId} />
        <SyncBadge state={p.journal} />
        <HandoffsWaitingTag count={p.handoffsWaiting} />
        <NextReadyNote ready={p.readyAhead} openId={p.openId} />
      </Flex>
      {/* Outside the part that gives way: a refusal must stay in sight until it is read. */}
      <HandoffNoticeButton notices={p.handoffNotices} onDismiss={p.onDismissNotice} />
      <Space.Compact>
        <Tooltip title={tip(t('work.keys.command.undo'), keymap.undo)}>
          <Button aria-label={t('work.keys.command.undo')} icon={<UndoOutlined />} onClick={() => (onUndo ? onUndo() : engine?.undo())} />
        </Tooltip>
        <Tooltip title={tip(t('work.keys.command.redo'), keymap.redo)}>
          <Button aria-label={t('work.keys.command.redo')} icon={<RedoOutlined />} onClick={() => (onRedo ? onRedo() : engine?.redo())} />
        </Tooltip>
      </Space.Compact>
      <ZoomField engine={engine} keymap={keymap} />
      <Tooltip title={tip(t('work.keys.title'), keymap.shortcutSheet)}>
        <Button onClick={p.onShortcuts}>{t('work.keys.open')}</Button>
      </Tooltip>
      <StepActions {...p} tip={tip} />
    </Flex>
  );
}

/** "n left", counted for the item open: it changes in the render that shows that item's picture. */
function ItemsLeftText({ left, wording, openId }: { left: Watched<ItemsLeft>; wording: { left: string; leftHint: string }; openId: number | undefined }) {
  const { t } = useTranslation();
  const count = useItemsLeft(left, openId);
  if (count === undefined) return null;
  return (
    <Tooltip title={t(wording.leftHint)}>
      <Typography.Text type="secondary" data-testid="items-left" style={{ whiteSpace: 'nowrap', flex: 'none' }}>
        {t(wording.left, { count })}
      </Typography.Text>
    </Tooltip>
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

/** The step's actions, held while one moves the item on. */
function StepActions(p: Pick<Parameters<typeof WorkspaceHeader>[0], 'isReview' | 'busy' | 'moving' | 'keymap' | 'onCompare' | 'onReject' | 'onSubmit' | 'onSkip'> & { tip: ReturnType<typeof useChordTip> }) {
  const { t } = useTranslation();
  const { tip, keymap } = p;
  const busy = useWatched(p.moving) || p.busy;
  return p.isReview ? (
    <>
      <Tooltip title={t('work.compare.title')}>
        <Button onClick={p.onCompare} data-testid="compare">
          {t('work.compare.open')}
        </Button>
      </Tooltip>
      <Button danger disabled={busy} onClick={p.onReject} data-testid="reject">
        {t('work.reject.open')}
      </Button>
      <Tooltip title={tip(t('work.pass'), keymap.submit)}>
        <Button type="primary" loading={busy} onClick={p.onSubmit} data-testid="pass">
          {t('work.pass')}
        </Button>
      </Tooltip>
    </>
  ) : (
    <>
      <Popconfirm title={t('work.skipConfirm')} onConfirm={p.onSkip} okText={t('work.skip')} cancelText={t('work.cancel')}>
        <Button disabled={busy} data-testid="skip">
          {t('work.skip')}
        </Button>
      </Popconfirm>
      <Tooltip title={tip(t('work.submit'), keymap.submit)}>
        <Button type="primary" loading={busy} onClick={p.onSubmit} data-testid="submit">
          {t('work.submit')}
        </Button>
      </Tooltip>
    </>
  );
}

/** Items handed on whose hand-off the server has not taken yet. */
function HandoffsWaitingTag({ count: watched }: { count: Watched<number> }) {
  const { t } = useTranslation();
  const count = useWatched(watched);
  if (count === 0) return null;
  return (
    <Tooltip title={t('work.offline.waitingHint')}>
      <Tag color="orange" data-testid="handoffs-waiting">
        {t('work.offline.waiting', { count })}
      </Tag>
    </Tooltip>
  );
}

import { memo, useMemo, useState } from 'react';
import { ConvertButtons } from './masks/ConvertButtons';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import { isUnconfirmed } from '../../../../../src-shared/model/unconfirmed';
import type { AnnotationEngine } from '../../../canvas/engine';
import { AttributesForm } from './AttributesForm';
import type { OntologyFeature } from '../../../../../src-shared/model/ontology';
import type { labelLookup } from './palette';
import { acceptChange, rejectIds } from './ai/suggestions';
import type { Chord, Command } from './keymap';
import { useBoxHeight } from './useBoxHeight';
import { useChordTip } from './useChordTip';

/** The height of one row of the list (a small table row with small buttons), in CSS pixels. */
const ROW_HEIGHT = 41;
/** Room for the empty-list text, or two rows, whatever else the panel holds. */
const LIST_MIN_HEIGHT = 96;

/**
 * The objects of the frame: searchable, each with its label, source, and hide, lock and
 * delete (a model's suggestion: accept or reject, with its score); the selected object's
 * attributes below. Virtual rows, so 20,000 objects scroll. The list takes the height the
 * panel has left and a long attribute form scrolls by itself, so neither grows the page.
 */
export const ObjectPanel = memo(function ObjectPanel({
  objects,
  selection,
  lookup,
  features,
  engine,
  keymap,
  trackPanel,
}: {
  objects: readonly AnnotationObject[];
  selection: readonly string[];
  lookup: ReturnType<typeof labelLookup>;
  features: readonly OntologyFeature[];
  engine: AnnotationEngine | null;
  /** the user's keys, written into the buttons' tooltips */
  keymap: Readonly<Record<Command, Chord>>;
  /** on a frame item, the selected track's panel (tracks/TrackPanel.tsx) */
  trackPanel?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const list = useBoxHeight<HTMLDivElement>(LIST_MIN_HEIGHT);
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const named = objects.map((o) => ({ o, name: lookup.entryOf(o)?.name ?? t('work.objects.unknownLabel') }));
    return q ? named.filter((r) => r.name.toLowerCase().includes(q) || r.o.id.toLowerCase().includes(q) || r.o.tool.includes(q)) : named;
  }, [objects, search, lookup, t]);
  const suggested = objects.filter((o) => o.source === 'ai' && !o.locked);
  // Accepting makes a suggestion the person's own (the model's score goes); rejecting removes it. Each one
  // undoable edit, built from the engine's objects (the list may be a render behind a drag just made).
  const accept = (ids: readonly string[] | 'all') => engine?.change({ replace: acceptChange(engine.objects(), ids) });
  const reject = (ids: readonly string[] | 'all') => engine?.change({ remove: rejectIds(engine.objects(), ids) });
  const selected = selection.length === 1 ? objects.find((o) => o.id === selection[0]) : undefined;
  const feature = selected ? features.find((f) => f.featureId === selected.featureId) : undefined;

  const columns: TableColumnsType<(typeof rows)[number]> = [
    {
      key: 'label',
      render: (_, { o, name }) => (
        <Flex align="center" gap={6}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: lookup.colorOf(o), flex: 'none' }} />
          <Typography.Text ellipsis style={{ maxWidth: 110 }} delete={o.hidden}>
            {name}
          </Typography.Text>
          {isUnconfirmed(o) && (
            // Says what it is to whoever looks, the reviewer above all: a model's suggestion no person
            // has accepted. The word, not the score, fits beside the name; the score is in the tip.
            <Tooltip title={o.score === undefined ? t('work.unconfirmed.tagTip') : t('work.unconfirmed.tagTipScored', { score: o.score.toFixed(2) })}>
              <Tag color="gold" data-testid="ai-tag" style={{ marginInlineEnd: 0 }}>
                {t('work.unconfirmed.tag')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      // Four small buttons at most: the rest of the row is the name's and the mark's.
      width: 122,
      render: (_, { o }) => (
        <Flex gap={2} onClick={(e) => e.stopPropagation()}>
          {o.source === 'ai' && (
            <Tooltip title={tip(t('work.objects.accept'), keymap.acceptSuggestion)}>
              <Button size="small" type="text" aria-label={t('work.objects.accept')} icon={<CheckOutlined />} disabled={o.locked} onClick={() => accept([o.id])} />
            </Tooltip>
          )}
          {o.source === 'ai' && (
            <Tooltip title={tip(t('aiWorkspace.rejectOne'), keymap.rejectSuggestion)}>
              <Button size="small" type="text" danger aria-label={t('aiWorkspace.rejectOne')} icon={<CloseOutlined />} disabled={o.locked} onClick={() => reject([o.id])} />
            </Tooltip>
          )}
          <Tooltip title={tip(o.hidden ? t('work.objects.show') : t('work.objects.hide'), keymap.toggleHidden)}>
            <Button size="small" type="text" aria-label={o.hidden ? t('work.objects.show') : t('work.objects.hide')} icon={o.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => engine?.updateObject(o.id, { hidden: !o.hidden })} />
          </Tooltip>
          <Tooltip title={tip(o.locked ? t('work.objects.unlock') : t('work.objects.lock'), keymap.toggleLocked)}>
            <Button size="small" type="text" aria-label={o.locked ? t('work.objects.unlock') : t('work.objects.lock')} icon={o.locked ? <LockOutlined /> : <UnlockOutlined />} onClick={() => engine?.updateObject(o.id, { locked: !o.locked })} />
          </Tooltip>
          {o.source !== 'ai' && (
            <Tooltip title={tip(t('work.objects.delete'), keymap.deleteSelection)}>
              <Button size="small" type="text" danger aria-label={t('work.objects.delete')} disabled={o.locked} icon={<DeleteOutlined />} onClick={() => engine?.removeObjects([o.id])} />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={8} style={{ padding: 8, height: '100%', boxSizing: 'border-box', overflow: 'hidden' }}>
      <Typography.Text strong>{t('work.objects.title', { count: objects.length })}</Typography.Text>
      {suggested.length > 0 && (
        <Flex gap={8} align="center" data-testid="pre-annotations">
          <Typography.Text type="secondary" style={{ flex: 1 }}>
            {t('work.objects.suggested', { count: suggested.length })}
          </Typography.Text>
          <Tooltip title={tip(t('work.objects.acceptAll'), keymap.acceptAllSuggestions)}>
            <Button size="small" onClick={() => accept('all')}>
              {t('work.objects.acceptAll')}
            </Button>
          </Tooltip>
          <Tooltip title={tip(t('aiWorkspace.rejectAll'), keymap.rejectAllSuggestions)}>
            <Button size="small" danger onClick={() => reject('all')}>
              {t('aiWorkspace.rejectAll')}
            </Button>
          </Tooltip>
        </Flex>
      )}
      <ConvertButtons selected={objects.filter((o) => selection.includes(o.id))} features={features} engine={engine} />
      <Input.Search allowClear placeholder={t('work.objects.search')} value={search} onChange={(e) => setSearch(e.target.value)} aria-label={t('work.objects.search')} />
      {/* As tall as its rows, and no taller than the room left: the attribute form sits right under it. */}
      <div ref={list.ref} style={{ flex: '0 1 auto', height: Math.max(LIST_MIN_HEIGHT, rows.length * ROW_HEIGHT), minHeight: LIST_MIN_HEIGHT }}>
      <Table
        size="small"
        virtual
        scroll={{ y: list.height }}
        showHeader={false}
        pagination={false}
        rowKey={(r) => r.o.id}
        columns={columns}
        dataSource={rows}
        data-testid="object-list"
        rowSelection={undefined}
        onRow={(r) => ({
          onClick: () => engine?.select([r.o.id]),
          style: { cursor: 'pointer', background: selection.includes(r.o.id) ? '#e6f4ff' : undefined },
          'data-testid': 'object-row',
          'data-source': r.o.source,
          'data-object-id': r.o.id,
        })}
        locale={{ emptyText: t('work.objects.empty') }}
      />
      </div>
      {trackPanel}
      {selected && (
        <Flex vertical gap={8} style={{ flex: '0 1 auto', maxHeight: '60%', minHeight: 0, overflowY: 'auto', borderTop: '1px solid #f0f0f0', paddingTop: 8 }} data-testid="object-attributes">
          <Typography.Text strong>{t('work.objects.attributes')}</Typography.Text>
          <AttributesForm
            attributes={feature?.attributes ?? []}
            answers={selected.attributes}
            disabled={selected.locked === true}
            onChange={(attributes) => engine?.updateObject(selected.id, { attributes })}
          />
        </Flex>
      )}
    </Flex>
  );
});

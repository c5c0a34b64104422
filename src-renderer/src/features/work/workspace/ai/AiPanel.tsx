import { useState, type ReactNode } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Checkbox, Flex, InputNumber, Modal, Popover, Select, Slider, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_TRACK_MAX_FRAMES, type AiTool } from '../../../../../../src-shared/api/ai';
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import { displayChord } from '../../../../app/chordText';
import type { Chord, Command } from '../keymap';
import { entryKey, type TargetTool } from './aiTargets';
import type { AiTools } from './useAiTools';
import { ClassMappingModal } from '../../../ai/mapping/ClassMappingModal';
import { TrackRunControls } from './TrackRunControls';

/**
 * A button with its shortcut (as the platform writes it) and why it is off, in the tooltip. Its
 * label wraps onto a second line rather than being cut: a command must be read whole, in any
 * language and column width (an ellipsis left "Fit the skeleton in the s…").
 */
function Action(p: { label: string; chord?: Chord; onClick: () => void; disabled?: boolean; loading?: boolean; primary?: boolean; testId: string; hint?: string; inline?: boolean }) {
  const tip = [p.hint, p.chord ? displayChord(p.chord) : undefined].filter(Boolean).join(' · ');
  return (
    <Tooltip title={tip || undefined} placement="right">
      <Button
        block={!p.inline}
        size="small"
        type={p.primary ? 'primary' : 'default'}
        disabled={p.disabled}
        loading={p.loading}
        onClick={p.onClick}
        data-testid={p.testId}
        style={{ height: 'auto', minHeight: 24, whiteSpace: 'normal', ...(p.inline ? { flex: 1, minWidth: 0 } : {}) }}
      >
        <span style={{ overflowWrap: 'anywhere' }}>{p.label}</span>
      </Button>
    </Tooltip>
  );
}

const Label = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {children}
  </Typography.Text>
);

/**
 * The AI group of the tools column: detect on the frame (with the confidence that filters what
 * is shown), a box or clicks to a polygon, fit a skeleton, follow the selection into the next
 * frames. Where each answer goes (label, model) is in its settings. Shown only where the caller
 * may use AI; accepting and rejecting are in the object list and on the keyboard.
 */
export function AiPanel({
  ai,
  objects,
  selection,
  keymap,
  frameCount,
  frameIndex,
}: {
  ai: AiTools;
  objects: readonly AnnotationObject[];
  selection: readonly string[];
  keymap: Readonly<Record<Command, Chord>>;
  frameCount: number;
  frameIndex: number;
}) {
  const { t } = useTranslation();
  const canTrack = objects.some((o) => selection.includes(o.id) && (o.tool === 'box' || o.tool === 'polygon'));
  const following = frameCount - 1 - frameIndex;
  const hasSkeleton = ai.targetsFor('keypoints').length > 0;
  /** the model whose classes the person is mapping to labels, from a Detect that found classes no label takes */
  const [mapping, setMapping] = useState<number | null>(null);

  const targetSelect = (tool: TargetTool, allowAll: boolean) => {
    const options = ai.targetsFor(tool).map((e) => ({ value: entryKey(e), label: `${e.name} · ${e.featureName}` }));
    const value = ai.targets[tool] ? entryKey(ai.targets[tool]) : allowAll ? '' : undefined;
    return (
      <Select
        size="small"
        style={{ width: '100%' }}
        value={value}
        aria-label={t(`aiWorkspace.into_${tool}`)}
        data-testid={`ai-target-${tool}`}
        options={allowAll ? [{ value: '', label: t('aiWorkspace.everyLabel') }, ...options] : options}
        onChange={(v: string) => ai.pick(tool, v || undefined)}
        notFoundContent={t('aiWorkspace.noLabels')}
      />
    );
  };
  const modelSelect = (tool: AiTool) => {
    const models = ai.modelsOf(tool);
    const chosen = models.find((m) => m.modelId === ai.modelPicked[tool]) ?? models.find((m) => m.isDefault) ?? models[0];
    if (!models.length) return <Typography.Text type="warning">{t('error.ai.noModel')}</Typography.Text>;
    return (
      <Flex gap={6} align="center">
        <Select
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          aria-label={t(`aiWorkspace.model_${tool}`)}
          value={chosen?.modelId}
          options={models.map((m) => ({ value: m.modelId, label: `${m.name} v${m.version}` }))}
          onChange={(v: number) => ai.pickModel(tool, models.find((m) => m.modelId === v)?.isDefault ? undefined : v)}
        />
        {chosen && chosen.state !== 'ready' && <Tag color="orange">{t(`aiWorkspace.state_${chosen.state}`)}</Tag>}
      </Flex>
    );
  };
  const settings = (
    <Flex vertical gap={6} style={{ width: 280 }} data-testid="ai-settings">
      <Label>{t('aiWorkspace.into_box')}</Label>
      {targetSelect('box', true)}
      <Label>{t('aiWorkspace.model_box')}</Label>
      {modelSelect('box')}
      <Label>{t('aiWorkspace.into_polygon')}</Label>
      {targetSelect('polygon', false)}
      <Label>{t('aiWorkspace.model_polygon')}</Label>
      {modelSelect('polygon')}
      {hasSkeleton && (
        <>
          <Label>{t('aiWorkspace.into_keypoints')}</Label>
          {targetSelect('keypoints', false)}
          <Label>{t('aiWorkspace.model_keypoints')}</Label>
          {modelSelect('keypoints')}
        </>
      )}
      {frameCount > 1 && (
        <>
          <Label>{t('aiWorkspace.model_tracking')}</Label>
          {modelSelect('tracking')}
        </>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={6} data-testid="ai-panel" data-last-ms={ai.lastMs ?? undefined} data-answered={ai.answered} role="group" aria-label={t('aiWorkspace.title')}>
      <Flex align="center" justify="space-between" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('aiWorkspace.title')}
        </Typography.Text>
        <Popover content={settings} trigger="click" placement="rightTop" title={t('aiWorkspace.settings')}>
          <Button size="small" type="text" icon={<SettingOutlined />} aria-label={t('aiWorkspace.settings')} data-testid="ai-settings-open" />
        </Popover>
      </Flex>
      {!ai.serviceOnline && <Alert type="warning" showIcon title={t('aiWorkspace.serviceOffline')} />}
      {ai.error && <Alert type="error" showIcon title={ai.error} data-testid="ai-error" closable={{ onClose: ai.clearError }} />}

      <Action label={t('aiWorkspace.detect')} chord={keymap.aiDetect} primary loading={ai.busy === 'detect'} onClick={ai.detect} testId="ai-detect" />
      <Flex align="center" gap={6}>
        <Label>{t('aiWorkspace.confidence')}</Label>
        <Slider
          style={{ flex: 1, margin: '6px 4px' }}
          min={0.05}
          max={0.95}
          step={0.05}
          defaultValue={ai.minScore}
          onChangeComplete={(v: number) => ai.changeMinScore(v)}
          aria-label={t('aiWorkspace.confidence')}
          data-testid="ai-confidence"
        />
        <Typography.Text style={{ fontSize: 12 }} data-testid="ai-confidence-value">
          {ai.minScore.toFixed(2)}
        </Typography.Text>
      </Flex>

      <Action
        label={t('aiWorkspace.boxToPolygon')}
        hint={ai.hasSelectedBox ? undefined : t('aiWorkspace.selectBox')}
        disabled={!ai.hasSelectedBox || !ai.targets.polygon}
        loading={ai.busy === 'polygon' && !ai.mode}
        onClick={ai.polygonFromBox}
        testId="ai-box-to-polygon"
      />
      <Checkbox checked={ai.replaceBox} onChange={(e) => ai.setReplaceBox(e.target.checked)} data-testid="ai-replace-box" style={{ fontSize: 12 }}>
        {t('aiWorkspace.replaceBox')}
      </Checkbox>
      <Modal open={ai.askOutline !== null} title={t('aiWorkspace.outlineAs')} footer={null} onCancel={() => ai.answerOutline(null)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('aiWorkspace.outlineAsHint')}</Typography.Paragraph>
        <Flex wrap gap={8} data-testid="ai-outline-as">
          {ai.askOutline?.map((e) => (
            <Button key={entryKey(e)} onClick={() => ai.answerOutline(e)}>
              <Badge color={e.color} />
              {e.name}
            </Button>
          ))}
        </Flex>
      </Modal>
      <Action
        label={ai.mode ? t('aiWorkspace.polygonModeOn') : t('aiWorkspace.polygonMode')}
        chord={keymap.aiPolygonMode}
        hint={ai.targets.polygon ? undefined : t('aiWorkspace.noTarget')}
        primary={!!ai.mode}
        disabled={!ai.targets.polygon}
        onClick={ai.toggleMode}
        testId="ai-polygon-mode"
      />
      {ai.mode && <Action label={t('aiWorkspace.keepOutline')} chord="Enter" onClick={ai.keepOutline} disabled={!ai.outlineShown || ai.busy === 'polygon'} testId="ai-keep-outline" />}

      {hasSkeleton && (
        <Action
          label={t('aiWorkspace.fitSkeleton')}
          chord={keymap.aiFitSkeleton}
          hint={ai.hasSelectedBox ? t('aiWorkspace.fitSkeletonHint') : t('aiWorkspace.selectBox')}
          disabled={!ai.hasSelectedBox}
          loading={ai.busy === 'skeleton'}
          onClick={ai.fitSkeleton}
          testId="ai-fit-skeleton"
        />
      )}

      {frameCount > 1 && (
        <Flex gap={4} align="center">
          <Tooltip title={t('aiWorkspace.frames')}>
            <InputNumber
              size="small"
              min={1}
              max={AI_TRACK_MAX_FRAMES}
              precision={0}
              style={{ width: 56, flex: 'none' }}
              value={ai.propagateFrames}
              onChange={(v) => ai.setPropagateFrames(typeof v === 'number' ? v : 1)}
              aria-label={t('aiWorkspace.frames')}
              data-testid="ai-propagate-frames"
            />
          </Tooltip>
          <Action
            label={t('aiWorkspace.propagate')}
            chord={keymap.aiPropagate}
            hint={following <= 0 ? t('aiWorkspace.lastFrame') : canTrack ? t('aiWorkspace.propagateHint') : t('aiWorkspace.selectToPropagate')}
            inline
            disabled={following <= 0 || !canTrack}
            loading={ai.busy === 'propagate'}
            onClick={ai.propagate}
            testId="ai-propagate"
          />
        </Flex>
      )}
      {ai.tracking && frameCount > 1 && (
        <TrackRunControls
          run={ai.tracking.run}
          canTrack={canTrack}
          atFirst={frameIndex === 0}
          atLast={following <= 0}
          onStart={ai.tracking.startTracking}
          onStop={ai.tracking.stopTracking}
        />
      )}
      {/* Below the buttons, so what an answer says never moves them under the pointer. */}
      {ai.notes.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="ai-note"
          title={ai.notes.map((n) => (
            <div key={n}>{n}</div>
          ))}
          action={
            ai.unmappedModel !== null && ai.mayManage ? (
              <Button size="small" onClick={() => setMapping(ai.unmappedModel)} data-testid="ai-map-classes">
                {t('aiTab.mapping.mapClasses')}
              </Button>
            ) : undefined
          }
          closable={{ onClose: ai.clearNotes }}
        />
      )}
      {mapping !== null && (
        <ClassMappingModal
          projectId={ai.projectId}
          modelId={mapping}
          modelName={ai.modelsOf('box').find((m) => m.modelId === mapping)?.name ?? ''}
          mayManage={ai.mayManage}
          onDone={(saved) => {
            setMapping(null);
            // Mapped: the next Detect puts what was left out into its labels.
            if (saved) ai.clearNotes();
          }}
        />
      )}
      {ai.lastMs !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }} data-testid="ai-last-ms">
          {t('aiWorkspace.lastAnswer', { ms: ai.lastMs })}
        </Typography.Text>
      )}
    </Flex>
  );
}

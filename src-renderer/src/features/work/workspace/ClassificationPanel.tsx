import { Button, Flex, Radio, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FrameClassification } from '../../../../../src-shared/model/annotation';
import { answerRequired, type OntologyAttribute, type OntologyFeature } from '../../../../../src-shared/model/ontology';
import { AttributesForm } from './AttributesForm';
import { answerFrameOf, answerOf, chooseLabel, missingIn, setAttributes, withAnswer } from './classificationAnswers';

/** More labels than this are offered in a select instead of radio buttons. */
const MAX_RADIO_LABELS = 8;

export interface ClassificationPanelProps {
  /** the project's features with tool classification, normalised like fullFeature */
  features: readonly OntologyFeature[];
  /** the item's frames in order: answers of scope subject live on the first */
  frames: readonly { frameId: number }[];
  currentFrameId: number;
  /** a frame's whole list of classification answers as the workspace has it now */
  answersOf: (frameId: number) => FrameClassification[];
  /** the frame's whole list after a change (what journal.append takes as `classifications`) */
  onChange: (frameId: number, classifications: FrameClassification[]) => void;
  disabled?: boolean;
}

/** Attribute names by id, nested ones included (they share one answer map). */
function attributeNames(attributes: readonly OntologyAttribute[], into = new Map<string, string>()): Map<string, string> {
  for (const a of attributes) {
    into.set(a.id, a.name);
    for (const o of a.options ?? []) attributeNames(o.attributes ?? [], into);
  }
  return into;
}

function FeatureAnswer({ feature, frameId, list, onChange, disabled }: { feature: OntologyFeature; frameId: number; list: FrameClassification[]; onChange: ClassificationPanelProps['onChange']; disabled: boolean }) {
  const { t } = useTranslation();
  const answer = answerOf(list, feature.featureId);
  const missing = missingIn(feature, frameId, list);
  const change = (next: FrameClassification[]) => onChange(frameId, next);
  const labelOptions = feature.labels.map((l) => ({ value: l.id, label: l.name }));
  const names = attributeNames(feature.attributes);
  return (
    <Flex vertical gap={8} role="group" aria-label={feature.name} style={{ paddingBottom: 12, borderBottom: '1px solid #f0f0f0' }}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{feature.name}</Typography.Text>
        <Tag>{t(`classify.scope.${feature.scope ?? 'subject'}`)}</Tag>
        {missing ? (
          <Typography.Text type="danger">
            {missing.reason === 'unanswered' ? t('classify.unanswered') : t('classify.missingAttributes', { names: missing.attributeIds.map((id) => names.get(id) ?? id).join(', ') })}
          </Typography.Text>
        ) : !answer && !answerRequired(feature) ? (
          <Typography.Text type="secondary">{t('classify.optional')}</Typography.Text>
        ) : (
          <Typography.Text type="success">{t('classify.complete')}</Typography.Text>
        )}
        {answer && (
          <Button size="small" type="link" disabled={disabled} onClick={() => change(withAnswer(list, feature.featureId, null))}>
            {t('classify.clear')}
          </Button>
        )}
      </Flex>
      {feature.labels.length > MAX_RADIO_LABELS ? (
        <Select
          aria-label={t('classify.label')}
          placeholder={t('classify.choose')}
          disabled={disabled}
          allowClear
          showSearch
          optionFilterProp="label"
          value={answer?.labelId}
          onChange={(v: string | undefined) => change(chooseLabel(list, feature, v))}
          options={labelOptions}
          style={{ width: '100%' }}
        />
      ) : (
        feature.labels.length > 0 && (
          <Radio.Group aria-label={t('classify.label')} disabled={disabled} value={answer?.labelId} onChange={(e) => change(chooseLabel(list, feature, e.target.value as string))} options={labelOptions} />
        )
      )}
      {feature.attributes.length > 0 && (
        <AttributesForm attributes={feature.attributes} answers={answer?.attributes ?? {}} onChange={(a) => change(setAttributes(list, feature, a))} disabled={disabled} />
      )}
    </Flex>
  );
}

/**
 * The item's classification questions: each feature's labels and attributes, answered on the
 * first frame (scope subject) or the current frame (scope frame), missing answers marked.
 */
export function ClassificationPanel({ features, frames, currentFrameId, answersOf, onChange, disabled = false }: ClassificationPanelProps) {
  const { t } = useTranslation();
  const ordered = [...features].sort((a, b) => a.sortOrder - b.sortOrder);
  if (ordered.length === 0) return <Typography.Text type="secondary">{t('classify.noFeatures')}</Typography.Text>;
  return (
    <Flex vertical gap={12} aria-label={t('classify.title')}>
      {ordered.map((f) => {
        const frameId = answerFrameOf(f, frames, currentFrameId);
        if (frameId === undefined) return null;
        return <FeatureAnswer key={f.featureId} feature={f} frameId={frameId} list={answersOf(frameId)} onChange={onChange} disabled={disabled} />;
      })}
    </Flex>
  );
}

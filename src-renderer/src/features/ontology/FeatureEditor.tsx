import { Card, Checkbox, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { answerRequired, CLASSIFICATION_SCOPES, ELEMENT_NAME_MAX } from '../../../../src-shared/model/ontology';
import { lengthLimit } from '../../app/lengthLimit';
import { AttributesEditor } from './AttributesEditor';
import type { DraftFeature } from './draft';
import { LabelsEditor } from './LabelsEditor';
import { SkeletonEditor } from './SkeletonEditor';

/** Everything of one feature: name, its scope if it classifies, labels, attributes and skeleton. */
/** `otherColours`: the label colours of the ontology's other features. */
export function FeatureEditor(p: { value: DraftFeature; onChange: (d: DraftFeature) => void; readOnly: boolean; otherColours: readonly string[] }) {
  const { t } = useTranslation();
  const d = p.value;
  const set = (patch: Partial<DraftFeature>) => p.onChange({ ...d, ...patch });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Input aria-label={t('ontology.newFeatureName')} value={d.name} {...lengthLimit(ELEMENT_NAME_MAX)} disabled={p.readOnly} onChange={(e) => set({ name: e.target.value })} style={{ width: 260 }} />
        <Typography.Text type="secondary">
          {t('ontology.tool')}: {t(`ontology.tools.${d.tool}`)}
        </Typography.Text>
        {d.tool === 'classification' && (
          <Select
            aria-label={t('ontology.scope')}
            value={d.scope ?? 'subject'}
            disabled={p.readOnly}
            style={{ width: 160 }}
            onChange={(scope) => set({ scope })}
            options={CLASSIFICATION_SCOPES.map((s) => ({ value: s, label: t(`ontology.scopes.${s}`) }))}
          />
        )}
        {d.tool === 'classification' && (
          <Checkbox checked={answerRequired(d)} disabled={p.readOnly} onChange={(e) => set({ required: e.target.checked })}>
            {t('ontology.required')}
          </Checkbox>
        )}
      </Flex>
      <Card size="small" title={t('ontology.labels.title')}>
        <LabelsEditor value={d.labels} onChange={(labels) => set({ labels })} readOnly={p.readOnly} usedColours={[...p.otherColours, ...d.labels.map((l) => l.color)]} />
      </Card>
      <Card size="small" title={t('ontology.attributes.title')}>
        <AttributesEditor value={d.attributes} onChange={(attributes) => set({ attributes })} readOnly={p.readOnly} />
      </Card>
      {d.tool === 'keypoints' && (
        <Card size="small" title={t('ontology.skeleton.title')}>
          <SkeletonEditor value={d.skeleton ?? { points: [], edges: [] }} onChange={(skeleton) => set({ skeleton })} readOnly={p.readOnly} />
        </Card>
      )}
    </Flex>
  );
}

import { useEffect, useState, type KeyboardEvent } from 'react';
import { Card, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OntologyAttribute } from '../../../../src-shared/model/ontology';
import type { DraftFeature } from './draft';
import { lengthLimit } from '../../app/lengthLimit';
import { displayChord } from '../../app/chordText';

/** One attribute as the annotation panel asks it, with its follow-ups under the chosen option. */
function AttributeField({ a }: { a: OntologyAttribute }) {
  const options = a.options ?? [];
  const defaults = options.filter((o) => o.default).map((o) => o.id);
  const [chosen, setChosen] = useState<string[]>(defaults);
  // A default changed in the editor is what the annotator would start from: start from it again.
  const defaultsKey = defaults.join(',');
  useEffect(() => setChosen(defaultsKey ? defaultsKey.split(',') : []), [defaultsKey]);
  const follow = options.filter((o) => chosen.includes(o.id)).flatMap((o) => o.attributes ?? []);
  const control =
    a.type === 'radio' ? (
      <Radio.Group value={chosen[0]} onChange={(e) => setChosen([e.target.value as string])} options={options.map((o) => ({ value: o.id, label: o.name }))} />
    ) : a.type === 'checkbox' ? (
      <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])} options={options.map((o) => ({ value: o.id, label: o.name }))} />
    ) : a.type === 'select' ? (
      <Select style={{ width: 200 }} value={chosen[0]} onChange={(v: string) => setChosen([v])} options={options.map((o) => ({ value: o.id, label: o.name }))} />
    ) : a.type === 'number' ? (
      <InputNumber min={a.number?.min} max={a.number?.max} step={a.number?.step} defaultValue={a.number?.default} />
    ) : (
      <Input {...(a.text?.maxLength ? lengthLimit(a.text.maxLength) : {})} defaultValue={a.text?.default} style={{ width: 240 }} />
    );
  return (
    <>
      <Form.Item label={a.name} required={a.required} style={{ marginBottom: 8 }}>
        {control}
      </Form.Item>
      {follow.map((f) => (
        <div key={f.id} style={{ paddingInlineStart: 16 }}>
          <AttributeField a={f} />
        </div>
      ))}
    </>
  );
}

/**
 * The feature as the annotator will meet it, drawn from the unsaved draft: its labels with
 * colours and hotkeys (pressing one while the preview has focus picks it), and the attribute
 * form with its defaults and follow-up questions.
 */
export function FeaturePreview({ feature }: { feature: DraftFeature }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | undefined>(feature.labels[0]?.id);
  const onKey = (e: KeyboardEvent) => {
    const hit = feature.labels.find((l) => l.hotkey && l.hotkey.toLowerCase() === e.key.toLowerCase());
    if (hit && (e.target as HTMLElement).tagName !== 'INPUT') setPicked(hit.id);
  };
  return (
    <Card size="small" title={t('ontology.preview.title')} data-testid="feature-preview" tabIndex={0} onKeyDown={onKey}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('ontology.preview.hint')}
      </Typography.Paragraph>
      <Flex gap={6} wrap style={{ marginBottom: 12 }}>
        {feature.labels.length === 0 && <Typography.Text type="secondary">{t('ontology.preview.noLabels')}</Typography.Text>}
        {feature.labels.map((l) => (
          <Tag.CheckableTag
            key={l.id}
            checked={picked === l.id}
            onChange={() => setPicked(l.id)}
            // Long names wrap inside the card instead of running past its edge.
            style={{ border: `2px solid ${l.color}`, whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: '100%', ...(picked === l.id ? { background: l.color } : {}) }}
          >
            {l.name}
            {l.hotkey ? ` [${displayChord(l.hotkey)}]` : ''}
          </Tag.CheckableTag>
        ))}
      </Flex>
      <Form layout="vertical" size="small">
        {feature.attributes.map((a) => (
          <AttributeField key={a.id} a={a} />
        ))}
      </Form>
    </Card>
  );
}

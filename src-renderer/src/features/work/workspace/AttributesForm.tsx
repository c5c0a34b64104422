import { Checkbox, Flex, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import type { OntologyAttribute } from '../../../../../src-shared/model/ontology';
import { lengthLimit } from '../../../app/lengthLimit';

type Answers = AnnotationObject['attributes'];
type Answer = Answers[string];

/** The options chosen in an answer (radio and select hold one id, checkbox several). */
const chosenIds = (answer: Answer | undefined): string[] => (Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : []);

function AttributeField({ attribute, answers, onChange, disabled }: { attribute: OntologyAttribute; answers: Answers; onChange: (a: Answers) => void; disabled: boolean }) {
  const value = answers[attribute.id];
  const set = (v: Answer) => onChange({ ...answers, [attribute.id]: v });
  const options = attribute.options ?? [];
  let field: React.ReactNode;
  switch (attribute.type) {
    case 'radio':
      field = <Radio.Group disabled={disabled} value={value} onChange={(e) => set(e.target.value as string)} options={options.map((o) => ({ value: o.id, label: o.name }))} />;
      break;
    case 'select':
      field = <Select disabled={disabled} allowClear value={typeof value === 'string' ? value : undefined} onChange={(v: string | undefined) => set(v ?? null)} options={options.map((o) => ({ value: o.id, label: o.name }))} style={{ width: '100%' }} />;
      break;
    case 'checkbox':
      field = <Checkbox.Group disabled={disabled} value={chosenIds(value)} onChange={(v) => set(v as string[])} options={options.map((o) => ({ value: o.id, label: o.name }))} />;
      break;
    case 'number':
      field = (
        <InputNumber
          disabled={disabled}
          value={typeof value === 'number' ? value : null}
          min={attribute.number?.min}
          max={attribute.number?.max}
          step={attribute.number?.step ?? 1}
          onChange={(v) => set(v ?? null)}
          style={{ width: '100%' }}
        />
      );
      break;
    default:
      field = <Input disabled={disabled} value={typeof value === 'string' ? value : ''} {...lengthLimit(attribute.text?.maxLength ?? 10_000)} onChange={(e) => set(e.target.value)} />;
  }
  // The attributes nested under the options chosen now.
  const nested = options.filter((o) => chosenIds(value).includes(o.id)).flatMap((o) => o.attributes ?? []);
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        {attribute.name}
        {attribute.required && <Typography.Text type="danger"> *</Typography.Text>}
      </Typography.Text>
      {field}
      {nested.length > 0 && (
        <div style={{ paddingLeft: 12, borderLeft: '2px solid #f0f0f0' }}>
          <AttributesForm attributes={nested} answers={answers} onChange={onChange} disabled={disabled} />
        </div>
      )}
    </Flex>
  );
}

/** The answers of one object to its feature's attributes, nested ones shown under the option that opens them. */
export function AttributesForm({ attributes, answers, onChange, disabled = false }: { attributes: readonly OntologyAttribute[]; answers: Answers; onChange: (a: Answers) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  if (attributes.length === 0) return <Typography.Text type="secondary">{t('work.objects.noAttributes')}</Typography.Text>;
  return (
    <Flex vertical gap={12}>
      {attributes.map((a) => (
        <AttributeField key={a.id} attribute={a} answers={answers} onChange={onChange} disabled={disabled} />
      ))}
    </Flex>
  );
}

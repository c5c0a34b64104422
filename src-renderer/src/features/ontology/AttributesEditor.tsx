import { Button, Card, Checkbox, Flex, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ATTRIBUTE_TYPES, ELEMENT_NAME_MAX, ONTOLOGY_LIMITS, type OntologyAttribute, type OntologyOption } from '../../../../src-shared/model/ontology';
import { newAttribute, newOption } from './draft';
import { lengthLimit } from '../../app/lengthLimit';

const isChoice = (a: OntologyAttribute) => a.type === 'radio' || a.type === 'checkbox' || a.type === 'select';

/**
 * Attributes of a feature, and under each option of a choice the follow-up attributes asked
 * when it is chosen, down to the ontology's depth limit.
 */
export function AttributesEditor(p: { value: OntologyAttribute[]; onChange: (list: OntologyAttribute[]) => void; readOnly: boolean; depth?: number }) {
  const { t } = useTranslation();
  const depth = p.depth ?? 1;
  const set = (id: string, patch: Partial<OntologyAttribute>) => p.onChange(p.value.map((a) => (a.id === id ? { ...a, ...patch } : a)));
  const setOption = (a: OntologyAttribute, id: string, patch: Partial<OntologyOption>) =>
    set(a.id, { options: (a.options ?? []).map((o) => (o.id === id ? { ...o, ...patch } : o)) });
  return (
    <Flex vertical gap={8}>
      {p.value.map((a) => (
        <Card key={a.id} size="small" data-testid={`attribute-${a.name}`}>
          <Flex vertical gap={8}>
            <Flex gap={8} align="center" wrap>
              <Input aria-label={t('ontology.attributes.name')} value={a.name} {...lengthLimit(ELEMENT_NAME_MAX)} disabled={p.readOnly} onChange={(e) => set(a.id, { name: e.target.value })} style={{ width: 200 }} />
              <Select
                aria-label={t('ontology.attributes.type')}
                value={a.type}
                disabled={p.readOnly}
                style={{ width: 150 }}
                onChange={(type: OntologyAttribute['type']) => set(a.id, { type, ...(type === 'radio' || type === 'checkbox' || type === 'select' ? { options: a.options?.length ? a.options : [newOption(a.name)] } : {}) })}
                options={ATTRIBUTE_TYPES.map((type) => ({ value: type, label: t(`ontology.attributes.types.${type}`) }))}
              />
              <Checkbox checked={a.required} disabled={p.readOnly} onChange={(e) => set(a.id, { required: e.target.checked })}>
                {t('ontology.attributes.required')}
              </Checkbox>
              {a.type === 'number' && (
                <>
                  {(['min', 'max', 'step'] as const).map((k) => (
                    <InputNumber
                      key={k}
                      aria-label={t(`ontology.attributes.${k}`)}
                      placeholder={t(`ontology.attributes.${k}`)}
                      value={a.number?.[k]}
                      disabled={p.readOnly}
                      onChange={(v) => set(a.id, { number: { ...a.number, [k]: v ?? undefined } })}
                    />
                  ))}
                </>
              )}
              {a.type === 'text' && (
                <InputNumber
                  aria-label={t('ontology.attributes.maxLength')}
                  placeholder={t('ontology.attributes.maxLength')}
                  min={1}
                  value={a.text?.maxLength}
                  disabled={p.readOnly}
                  onChange={(v) => set(a.id, { text: { ...a.text, maxLength: v ?? undefined } })}
                />
              )}
              {!p.readOnly && (
                <Button type="text" danger onClick={() => p.onChange(p.value.filter((x) => x.id !== a.id))}>
                  {t('ontology.attributes.remove')}
                </Button>
              )}
            </Flex>
            {isChoice(a) && (
              <Flex vertical gap={6} style={{ paddingInlineStart: 16 }}>
                {(a.options ?? []).map((o) => (
                  <Flex key={o.id} vertical gap={6}>
                    <Flex gap={8} align="center">
                      <Input aria-label={t('ontology.attributes.options')} value={o.name} {...lengthLimit(ELEMENT_NAME_MAX)} disabled={p.readOnly} onChange={(e) => setOption(a, o.id, { name: e.target.value })} style={{ width: 200 }} />
                      <Checkbox checked={o.default ?? false} disabled={p.readOnly} onChange={(e) => setOption(a, o.id, { default: e.target.checked })}>
                        {t('ontology.attributes.default')}
                      </Checkbox>
                      {!p.readOnly && (
                        <Button type="text" danger size="small" onClick={() => set(a.id, { options: (a.options ?? []).filter((x) => x.id !== o.id) })}>
                          {t('ontology.attributes.remove')}
                        </Button>
                      )}
                    </Flex>
                    {depth < ONTOLOGY_LIMITS.attributeDepth && (o.attributes?.length || !p.readOnly) ? (
                      <div style={{ paddingInlineStart: 16 }}>
                        <AttributesEditor value={o.attributes ?? []} onChange={(list) => setOption(a, o.id, { attributes: list })} readOnly={p.readOnly} depth={depth + 1} />
                      </div>
                    ) : null}
                  </Flex>
                ))}
                {!p.readOnly && (
                  <Button size="small" onClick={() => set(a.id, { options: [...(a.options ?? []), newOption(`${t('ontology.attributes.newOption')} ${(a.options?.length ?? 0) + 1}`)] })} style={{ alignSelf: 'flex-start' }}>
                    {t('ontology.attributes.addOption')}
                  </Button>
                )}
              </Flex>
            )}
          </Flex>
        </Card>
      ))}
      {!p.readOnly && (
        <Button size={depth > 1 ? 'small' : 'middle'} type={depth > 1 ? 'dashed' : 'default'} onClick={() => p.onChange([...p.value, newAttribute(`${t('ontology.attributes.newName')} ${p.value.length + 1}`)])} style={{ alignSelf: 'flex-start' }}>
          {depth > 1 ? t('ontology.attributes.nested') : t('ontology.attributes.add')}
        </Button>
      )}
    </Flex>
  );
}

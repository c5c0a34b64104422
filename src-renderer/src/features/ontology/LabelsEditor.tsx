import { Button, ColorPicker, Flex, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OntologyLabel } from '../../../../src-shared/model/ontology';
import { newLabel } from './draft';
import { ELEMENT_NAME_MAX, ONTOLOGY_LIMITS } from '../../../../src-shared/model/ontology';
import { lengthLimit } from '../../app/lengthLimit';

/** A feature's labels: name, aliases, colour and hotkey of each, added and removed in place. */
/** `usedColours`: the colours of every label of the ontology, so a new label takes one none has. */
export function LabelsEditor(p: { value: OntologyLabel[]; onChange: (labels: OntologyLabel[]) => void; readOnly: boolean; usedColours: readonly string[] }) {
  const { t } = useTranslation();
  const set = (id: string, patch: Partial<OntologyLabel>) => p.onChange(p.value.map((l) => (l.id === id ? { ...l, ...patch } : l)));
  return (
    <Flex vertical gap={8}>
      <Table<OntologyLabel>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={p.value}
        aria-label={t('ontology.labels.title')}
        columns={[
          {
            title: t('ontology.labels.name'),
            key: 'name',
            // The aliases sit under the name they belong to: a column of their own squeezed the name at 1280 px.
            render: (_: unknown, l) => (
              <Flex vertical gap={4} style={{ minWidth: 160 }}>
                <Input aria-label={t('ontology.labels.name')} value={l.name} {...lengthLimit(ELEMENT_NAME_MAX)} disabled={p.readOnly} onChange={(e) => set(l.id, { name: e.target.value })} />
                {/* Other names a model's classes may go by ("car", "汽车", or * for every class no other label takes): the AI mapping reads them. */}
                <Select
                  mode="tags"
                  size="small"
                  aria-label={t('ontology.labels.aliases')}
                  placeholder={t('ontology.labels.aliases')}
                  title={t('ontology.labels.aliasesHint')}
                  value={l.aliases ?? []}
                  open={false}
                  tokenSeparators={[',', '，', '、']}
                  disabled={p.readOnly}
                  onChange={(v: string[]) => {
                    const kept = v.map((a) => a.trim().slice(0, ELEMENT_NAME_MAX)).filter(Boolean).slice(0, ONTOLOGY_LIMITS.aliasesPerLabel);
                    set(l.id, kept.length ? { aliases: kept } : { aliases: undefined });
                  }}
                />
              </Flex>
            ),
          },
          {
            title: t('ontology.labels.color'),
            key: 'color',
            width: 90,
            render: (_: unknown, l) => <ColorPicker value={l.color} disabledAlpha disabled={p.readOnly} onChangeComplete={(c) => set(l.id, { color: c.toHexString() })} />,
          },
          {
            title: t('ontology.labels.hotkey'),
            key: 'hotkey',
            width: 90,
            render: (_: unknown, l) => (
              <Input
                aria-label={t('ontology.labels.hotkey')}
                value={l.hotkey ?? ''}
                // eslint-disable-next-line no-restricted-syntax -- one key: the field's label says so
                maxLength={1}
                disabled={p.readOnly}
                onChange={(e) => {
                  const key = e.target.value.replace(/[^0-9A-Za-z]/g, '');
                  set(l.id, key ? { hotkey: key } : { hotkey: undefined });
                }}
              />
            ),
          },
          ...(p.readOnly
            ? []
            : [
                {
                  key: 'remove',
                  width: 80,
                  render: (_: unknown, l: OntologyLabel) => (
                    <Button type="text" danger onClick={() => p.onChange(p.value.filter((x) => x.id !== l.id))}>
                      {t('ontology.labels.remove')}
                    </Button>
                  ),
                },
              ]),
        ]}
      />
      {!p.readOnly && (
        <Button onClick={() => p.onChange([...p.value, newLabel(`${t('ontology.labels.newName')} ${p.value.length + 1}`, p.usedColours)])} style={{ alignSelf: 'flex-start' }}>
          {t('ontology.labels.add')}
        </Button>
      )}
    </Flex>
  );
}

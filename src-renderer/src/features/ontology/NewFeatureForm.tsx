import { useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ELEMENT_NAME_MAX, ONTOLOGY_TOOLS, type OntologyTool } from '../../../../src-shared/model/ontology';
import { lengthLimit } from '../../app/lengthLimit';

/** Names a new feature and picks its tool; the editor opens on it unsaved. */
export function NewFeatureForm({ onAdd }: { onAdd: (name: string, tool: OntologyTool) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [tool, setTool] = useState<OntologyTool>('box');
  const add = () => {
    if (!name.trim()) return;
    onAdd(name.trim(), tool);
    setName('');
  };
  return (
    <Flex vertical gap={6}>
      <Input aria-label={t('ontology.newFeatureName')} placeholder={t('ontology.newFeatureName')} value={name} {...lengthLimit(ELEMENT_NAME_MAX)} onChange={(e) => setName(e.target.value)} onPressEnter={add} />
      {/* The tool list on a row of its own and its menu as wide as its longest name: beside the
          button it was cut to "Keypoi…" in the narrow column. */}
      <Select
        aria-label={t('ontology.tool')}
        value={tool}
        onChange={setTool}
        popupMatchSelectWidth={false}
        style={{ width: '100%' }}
        options={ONTOLOGY_TOOLS.map((v) => ({ value: v, label: t(`ontology.tools.${v}`) }))}
      />
      <Button type="primary" disabled={!name.trim()} onClick={add}>
        {t('ontology.addFeature')}
      </Button>
    </Flex>
  );
}

import { useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONTOLOGY_TOOLS, type OntologyTool } from '../../../../src-shared/model/ontology';

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
      <Input aria-label={t('ontology.newFeatureName')} placeholder={t('ontology.newFeatureName')} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} onPressEnter={add} />
      <Flex gap={6}>
        <Select aria-label={t('ontology.tool')} value={tool} onChange={setTool} style={{ flex: 1 }} options={ONTOLOGY_TOOLS.map((v) => ({ value: v, label: t(`ontology.tools.${v}`) }))} />
        <Button type="primary" disabled={!name.trim()} onClick={add}>
          {t('ontology.addFeature')}
        </Button>
      </Flex>
    </Flex>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Col, Flex, Menu, Popconfirm, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { validateFeatures, type OntologyTool } from '../../../../src-shared/model/ontology';
import { useProjectMay } from '../../app/projectPermission';
import { EmptyHint } from '../../app/EmptyHint';
import { LoadFailure } from '../../app/LoadFailure';
import { useErrorText } from '../../app/useErrorText';
import { draftOf, inputOf, newId, newLabel, type DraftFeature } from './draft';
import { FeatureEditor } from './FeatureEditor';
import { FeaturePreview } from './FeaturePreview';
import { NewFeatureForm } from './NewFeatureForm';
import { useDeleteFeatureMutation, useProjectOntologyQuery, useSaveFeatureMutation } from './ontologyApi';
import { ReuseOntologyModal } from './ReuseOntologyModal';

const NEW = 'new';

/** The project's ontology: its features on the left, the chosen one's editor and preview on the right. */
export function OntologyTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const projectId = Number(useParams().projectId);
  const mayManage = useProjectMay(projectId, 'project.ontology.manage');
  const { data: ontology, error, isLoading, refetch } = useProjectOntologyQuery(projectId);
  const [saveFeature, { isLoading: saving }] = useSaveFeatureMutation();
  const [deleteFeature] = useDeleteFeatureMutation();
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<DraftFeature | null>(null);
  const [reusing, setReusing] = useState(false);
  // A feature just saved for the first time is chosen before the list that holds it arrives.
  const arriving = useRef<string | null>(null);
  const features = useMemo(() => ontology?.features ?? [], [ontology]);
  // Colours of the other features' labels: a new label takes one no label of the ontology has.
  const otherColours = useMemo(
    () => features.filter((f) => String(f.featureId) !== selected).flatMap((f) => (f.labels ?? []).map((l) => l.color)),
    [features, selected],
  );
  const stored = features.find((f) => String(f.featureId) === selected);
  const dirty = draft !== null && (selected === NEW || (stored !== undefined && JSON.stringify(inputOf(draft)) !== JSON.stringify(inputOf(draftOf(stored)))));

  // Open the first feature, and follow the list when the chosen one goes away.
  useEffect(() => {
    if (selected === NEW) return;
    const chosen = features.find((f) => String(f.featureId) === selected);
    if (!chosen && selected !== null && selected === arriving.current) return;
    arriving.current = null;
    const keep = chosen ?? features[0];
    setSelected(keep ? String(keep.featureId) : null);
    setDraft(keep ? draftOf(keep) : null);
  }, [features, selected]);

  const open = (key: string) => {
    const f = features.find((x) => String(x.featureId) === key);
    if (!f) return;
    setSelected(key);
    setDraft(draftOf(f));
  };
  const add = (name: string, tool: OntologyTool) => {
    setSelected(NEW);
    setDraft({
      name,
      tool,
      labels: [newLabel(name, features.flatMap((f) => (f.labels ?? []).map((l) => l.color)))],
      attributes: [],
      // The first point starts empty: its placeholder suggests a name in the user's language.
      ...(tool === 'keypoints' ? { skeleton: { points: [{ id: newId('k'), name: '' }], edges: [] } } : {}),
      ...(tool === 'classification' ? { scope: 'subject' as const } : {}),
    });
  };
  const save = async () => {
    if (!draft) return;
    const input = inputOf(draft);
    // The server's own rules, checked here first so a clash is named before a round trip.
    const others = features.filter((f) => f.featureId !== draft.featureId).map((f) => ({ featureId: f.featureId, name: f.name, labels: f.labels ?? [] }));
    const issue = validateFeatures([input], others);
    if (issue) {
      void message.error(errorText({ msgKey: `error.ontology.${issue.reason}`, status: 400, body: issue, message: issue.reason }));
      return;
    }
    try {
      const [saved] = await saveFeature({ projectId, feature: input }).unwrap();
      void message.success(t('ontology.saved'));
      if (saved) {
        arriving.current = String(saved.featureId);
        setSelected(arriving.current);
      }
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const remove = async () => {
    if (!draft?.featureId) return;
    try {
      await deleteFeature({ projectId, featureId: draft.featureId }).unwrap();
      void message.success(t('ontology.deleted'));
      setSelected(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  if (isLoading) return <Skeleton active />;
  if (error) {
    return <LoadFailure title={t('ontology.loadFailed')} error={error} onRetry={() => void refetch()} />;
  }

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="260px">
        <Card size="small" title={t('ontology.features')}>
          <nav aria-label={t('ontology.featuresLabel')}>
            <Menu
              mode="inline"
              style={{ borderInlineEnd: 'none' }}
              selectedKeys={selected ? [selected] : []}
              onClick={({ key }) => open(key)}
              items={[
                ...features.map((f) => ({
                  key: String(f.featureId),
                  label: (
                    <Flex justify="space-between" align="center" gap={6}>
                      <Typography.Text ellipsis={{ tooltip: f.name }} style={{ minWidth: 0, flex: 1 }}>
                        {f.name}
                      </Typography.Text>
                      <Tag style={{ marginInlineEnd: 0, flexShrink: 0 }}>{t(`ontology.tools.${f.tool}`)}</Tag>
                    </Flex>
                  ),
                })),
                ...(selected === NEW && draft ? [{ key: NEW, label: <Typography.Text italic ellipsis={{ tooltip: draft.name }}>{draft.name}</Typography.Text> }] : []),
              ]}
            />
          </nav>
          {mayManage && <NewFeatureForm onAdd={add} />}
          {/* Below the form, not in the card's head: in a 260 px column the head has no room for the title and a sentence. */}
          {mayManage && (
            <Button type="link" block onClick={() => setReusing(true)} style={{ marginTop: 8, height: 'auto', whiteSpace: 'normal', textAlign: 'start', paddingInline: 0 }}>
              {t('ontology.reuse.open')}
            </Button>
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {!draft ? (
          <EmptyHint title={t('ontology.emptyTitle')} hint={t(mayManage ? 'ontology.emptyHint' : 'ontology.emptyReadOnly')} />
        ) : (
          <Row gutter={16}>
            <Col xs={24} xl={15}>
              {mayManage && (
                <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
                  <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
                    {t('ontology.save')}
                  </Button>
                  <Button disabled={!dirty} onClick={() => (stored ? setDraft(draftOf(stored)) : setSelected(null))}>
                    {t('ontology.discard')}
                  </Button>
                  {dirty && <Typography.Text type="warning">{t('ontology.unsaved')}</Typography.Text>}
                  <Space style={{ marginInlineStart: 'auto' }}>
                    {draft.featureId && (
                      <Popconfirm title={t('ontology.deleteConfirm', { name: draft.name })} onConfirm={() => void remove()}>
                        <Button danger>{t('ontology.deleteFeature')}</Button>
                      </Popconfirm>
                    )}
                  </Space>
                </Flex>
              )}
              <FeatureEditor value={draft} onChange={setDraft} readOnly={!mayManage} otherColours={otherColours} />
            </Col>
            <Col xs={24} xl={9}>
              <FeaturePreview feature={draft} />
            </Col>
          </Row>
        )}
      </Col>
      <ReuseOntologyModal projectId={projectId} open={reusing} onClose={() => setReusing(false)} />
    </Row>
  );
}

import { useState } from 'react';
import { Alert, Flex, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUBJECT_SAMPLE_MAX, type SubjectSampleQuery } from '../../../../../src-shared/api/subject';
import { useErrorText } from '../../../app/useErrorText';
import { useSubjectSampleQuery, type SubjectFilters } from '../api/projectDataApi';
import { TILE_GAP, TILE_WIDTH } from './gridGeometry';
import { SubjectTile } from './SubjectTile';

/**
 * A random sample of the subjects the grid's filters match: a number of them or a share. The
 * server answers the seed it used, so the same sample can be drawn again by entering it.
 */
export function SampleDialog({ projectId, filters, open, onClose }: { projectId: number; filters: SubjectFilters; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [mode, setMode] = useState<'size' | 'ratio'>('size');
  const [size, setSize] = useState(20);
  const [percent, setPercent] = useState(10);
  const [seed, setSeed] = useState<number | null>(null);
  const [asked, setAsked] = useState<SubjectSampleQuery | null>(null);
  const { data, error, isFetching } = useSubjectSampleQuery({ projectId, query: asked ?? {} }, { skip: !asked || !open });

  const draw = () =>
    setAsked({ ...filters, ...(mode === 'size' ? { size } : { ratio: percent / 100 }), ...(seed !== null ? { seed } : {}) });

  return (
    <Modal open={open} title={t('project.sample.title')} width={900} okText={t('project.sample.draw')} cancelText={t('project.common.close')} onOk={draw} onCancel={onClose} confirmLoading={isFetching} okButtonProps={{ 'data-testid': 'sample-draw' } }>
      <Space wrap style={{ marginBottom: 12 }}>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'size' | 'ratio')} optionType="button" options={[{ value: 'size', label: t('project.sample.bySize') }, { value: 'ratio', label: t('project.sample.byRatio') }]} />
        {mode === 'size' ? (
          <InputNumber min={1} max={SUBJECT_SAMPLE_MAX} value={size} onChange={(v) => setSize(v ?? 1)} aria-label={t('project.sample.bySize')} />
        ) : (
          <InputNumber min={0} max={100} value={percent} onChange={(v) => setPercent(v ?? 0)} suffix="%" aria-label={t('project.sample.byRatio')} />
        )}
        <InputNumber min={0} max={2147483647} value={seed} onChange={(v) => setSeed(v)} placeholder={t('project.sample.seedAny')} aria-label={t('project.sample.seed')} style={{ width: 180 }} />
      </Space>
      {error && <Alert type="error" showIcon role="alert" title={errorText(error)} />}
      {data && (
        <>
          <Typography.Paragraph type="secondary" data-testid="sample-summary">{t('project.sample.result', { count: data.list.length, seed: data.seed })}</Typography.Paragraph>
          <Flex wrap gap={TILE_GAP} style={{ maxHeight: 420, overflowY: 'auto' }} tabIndex={0} role="region" aria-label={t('project.sample.title')}>
            {data.list.map((s) => (
              <div key={s.dataId} style={{ width: TILE_WIDTH }}>
                <SubjectTile subject={s} />
              </div>
            ))}
          </Flex>
        </>
      )}
    </Modal>
  );
}

import { Button, Flex, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ELEMENT_NAME_MAX, type Skeleton } from '../../../../src-shared/model/ontology';
import { lengthLimit } from '../../app/lengthLimit';
import { newId } from './draft';
import { withoutPoint } from './skeletonEdit';
import { COCO_SKELETON_TEMPLATE } from '../../../../src-shared/model/cocoSkeleton';

/** A keypoint feature's skeleton: its named points and the lines drawn between them. */
export function SkeletonEditor(p: { value: Skeleton; onChange: (s: Skeleton) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const { points, edges } = p.value;
  // A point not named yet still needs a handle in the line pickers.
  const pointLabel = (name: string, i: number) => name.trim() || t('ontology.skeleton.unnamedPoint', { n: i + 1 });
  const pointOptions = points.map((pt, i) => ({ value: i, label: pointLabel(pt.name, i) }));
  // The COCO person: the pose model's 17 points and their lines, named so its points find them.
  const useCoco = () => p.onChange({ points: COCO_SKELETON_TEMPLATE.points.map((x) => ({ id: newId('k'), name: x.name })), edges: COCO_SKELETON_TEMPLATE.edges.map((e) => ({ ...e })) });
  const cocoButton = (onClick?: () => void) => (
    <Button size="small" data-testid="skeleton-coco" onClick={onClick}>
      {t('ontology.skeleton.coco')}
    </Button>
  );
  return (
    <Flex vertical gap={8}>
      {!p.readOnly && (
        <Flex gap={8} align="center" wrap>
          {points.some((x) => x.name.trim()) ? (
            <Popconfirm title={t('ontology.skeleton.cocoReplace')} onConfirm={useCoco}>
              {cocoButton()}
            </Popconfirm>
          ) : (
            cocoButton(useCoco)
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('ontology.skeleton.cocoHint')}
          </Typography.Text>
        </Flex>
      )}
      <Typography.Text type="secondary">{t('ontology.skeleton.points')}</Typography.Text>
      <Flex gap={8} wrap>
        {points.map((pt, i) => (
          <Space.Compact key={pt.id} data-testid={`skeleton-point-${i}`}>
            <Input
              aria-label={t('ontology.skeleton.points')}
              value={pt.name}
              placeholder={i === 0 ? t('ontology.skeleton.firstPointPlaceholder') : pointLabel('', i)}
              {...lengthLimit(ELEMENT_NAME_MAX)}
              disabled={p.readOnly}
              style={{ width: 170 }}
              onChange={(e) => p.onChange({ points: points.map((x) => (x.id === pt.id ? { ...x, name: e.target.value } : x)), edges })}
            />
            {!p.readOnly && (
              <Button aria-label={t('ontology.skeleton.removePoint', { name: pointLabel(pt.name, i) })} onClick={() => p.onChange(withoutPoint(p.value, i))}>
                ×
              </Button>
            )}
          </Space.Compact>
        ))}
        {!p.readOnly && (
          <Button onClick={() => p.onChange({ points: [...points, { id: newId('k'), name: '' }], edges })}>
            {t('ontology.skeleton.addPoint')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">{t('ontology.skeleton.edges')}</Typography.Text>
      {edges.map((edge, i) => (
        <Flex key={i} gap={8} align="center">
          {(['from', 'to'] as const).map((end) => (
            <Select
              key={end}
              aria-label={t(`ontology.skeleton.${end}`)}
              value={edge[end]}
              disabled={p.readOnly}
              style={{ width: 170 }}
              options={pointOptions}
              onChange={(v: number) => p.onChange({ points, edges: edges.map((e, k) => (k === i ? { ...e, [end]: v } : e)) })}
            />
          ))}
          {!p.readOnly && (
            <Button type="text" danger onClick={() => p.onChange({ points, edges: edges.filter((_, k) => k !== i) })}>
              {t('ontology.attributes.remove')}
            </Button>
          )}
        </Flex>
      ))}
      {!p.readOnly && points.length >= 2 && (
        <Button onClick={() => p.onChange({ points, edges: [...edges, { from: 0, to: 1 }] })} style={{ alignSelf: 'flex-start' }}>
          {t('ontology.skeleton.addEdge')}
        </Button>
      )}
    </Flex>
  );
}

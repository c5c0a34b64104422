import { App, Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import type { OntologyFeature } from '../../../../../../src-shared/model/ontology';
import type { AnnotationEngine } from '../../../../canvas/engine';
import { defaultNewId } from '../../../../canvas/engine';
import { convertShapes, convertsFrom, type ConvertTo } from './convertShapes';

/**
 * "To mask" and "To polygons" for the selection, offered only when it holds something each can
 * take and the ontology has a feature of the other tool.
 */
export function ConvertButtons({ selected, features, engine }: { selected: readonly AnnotationObject[]; features: readonly OntologyFeature[]; engine: AnnotationEngine | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const offered = (['mask', 'polygon'] as const).filter((to) => features.some((f) => f.tool === to) && selected.some((o) => convertsFrom(o, to)));
  if (!engine || !offered.length) return null;
  const convert = (to: ConvertTo) => {
    const out = convertShapes(selected, features, to, engine.frameSize(), defaultNewId);
    if (!out) return;
    if ('missing' in out) return void message.warning(t('mask.noTargetLabel', { label: out.missing.label, tool: t(`work.tools.kind.${to}`) }));
    engine.change(out.change);
    void message.success(t('mask.converted', { count: out.count }));
  };
  return (
    <Flex gap={8} data-testid="convert-shapes">
      {offered.map((to) => (
        <Tooltip key={to} title={t(to === 'mask' ? 'mask.toMaskTip' : 'mask.toPolygonsTip')}>
          <Button size="small" onClick={() => convert(to)} data-testid={`convert-to-${to}`}>
            {t(to === 'mask' ? 'mask.toMask' : 'mask.toPolygons')}
          </Button>
        </Tooltip>
      ))}
    </Flex>
  );
}

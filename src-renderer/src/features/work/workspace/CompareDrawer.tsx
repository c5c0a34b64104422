import type { RefObject } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubjectFrame } from '../../../../../src-shared/api/subject';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import type { AnnotationEngine } from '../../../canvas/engine';
import { CompareSubmissions } from './CompareSubmissions';
import { previewOf } from './frameImages';
import type { labelLookup } from './palette';
import type { ShownImage } from './useShownImage';

/** The side drawer comparing the shown frame with an earlier hand-on of the item; the canvas stays usable beside it. */
export function CompareDrawer(p: {
  open: boolean;
  onClose: () => void;
  taskSubjectId: number | undefined;
  frame: SubjectFrame | undefined;
  objects: readonly AnnotationObject[];
  lookup: ReturnType<typeof labelLookup>;
  engineRef: RefObject<AnnotationEngine | null>;
  shown: ShownImage | null;
  /** the frame's own picture is on the canvas (not the previous one's, still shown while it loads) */
  frameDrawn: boolean;
}) {
  const { t } = useTranslation();
  const { frame, shown, lookup } = p;
  return (
    <Drawer open={p.open} onClose={p.onClose} size={680} title={t('work.compare.title')} mask={false} destroyOnHidden>
      {p.taskSubjectId !== undefined && frame && (
        <CompareSubmissions
          taskSubjectId={p.taskSubjectId}
          frameId={frame.frameId}
          currentObjects={p.objects}
          colorOf={lookup.colorOf}
          labelName={(o) => lookup.entryOf(o)?.name ?? t('work.objects.unknownLabel')}
          onSelect={(id) => p.engineRef.current?.select([id])}
          frameWidth={frame.width ?? shown?.bitmap.width ?? 1}
          frameHeight={frame.height ?? shown?.bitmap.height ?? 1}
          image={p.frameDrawn ? previewOf(shown?.bitmap ?? null) : null}
        />
      )}
    </Drawer>
  );
}

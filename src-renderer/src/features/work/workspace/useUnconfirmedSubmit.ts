import { useState, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { unconfirmedCount, unconfirmedOnSubmit } from '../../../../../src-shared/model/unconfirmed';
import type { AnnotationEngine } from '../../../canvas/engine';
import { useProjectConfigQuery } from '../../project/api/projectSettingsApi';
import type { ObjectEdit } from './applyEdit';
import { acceptEverywhere } from './ai/suggestions';
import type { OpenItem } from './useWorkSession';

/**
 * A submit with suggestions nobody confirmed on the item (issue 31): asked about first
 * (UnconfirmedDialog), or refused with the count where the project's rule is 'refuse' (the
 * server holds the same rule for any client). The project's rule unknown (offline) reads as 'ask'.
 */
export function useUnconfirmedSubmit(p: {
  projectId: number;
  item: OpenItem | null;
  /** the frame on screen: the engine holds it, so its changes go through the engine */
  frameId: number | undefined;
  engineRef: RefObject<AnnotationEngine | null>;
  recordEdit: (frameId: number, edit: ObjectEdit) => Promise<void>;
  /** the submit itself, once nothing stands in its way */
  submit: () => void;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: config } = useProjectConfigQuery(p.projectId);
  /** unconfirmed suggestions the submit asks about (0: not asking) */
  const [asking, setAsking] = useState(0);

  /** True when the submit may go on now; else it asked, or said why not. */
  const mayGoOn = (): boolean => {
    const count = p.item ? unconfirmedCount(p.item.frames.values()) : 0;
    if (count === 0) return true;
    if (unconfirmedOnSubmit(config ?? {}) === 'refuse') void message.warning(t('work.unconfirmed.refused', { count }));
    else setAsking(count);
    return false;
  };

  const submitAsIs = () => {
    setAsking(0);
    p.submit();
  };
  const acceptAndSubmit = () => {
    setAsking(0);
    if (!p.item) return;
    for (const { frameId, replace } of acceptEverywhere(p.item.frames)) {
      if (frameId === p.frameId && p.engineRef.current) p.engineRef.current.change({ replace });
      else p.recordEdit(frameId, { upsert: replace }).catch(p.onError);
    }
    p.submit();
  };

  return { asking, mayGoOn, dialog: { count: asking, onBack: () => setAsking(0), onSubmitAsIs: submitAsIs, onAcceptAndSubmit: acceptAndSubmit } };
}

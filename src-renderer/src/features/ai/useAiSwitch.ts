import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useErrorText } from '../../app/useErrorText';
import { projectSettingsApi, useSaveProjectConfigMutation } from '../project/api/projectSettingsApi';
import { aiApi } from './aiApi';

/**
 * Switches AI on or off in the project: the project config is one object replaced as a whole,
 * so the current one is read first and only `aiEnabled` is changed in it (the other settings
 * someone saved meanwhile are kept).
 */
export function useAiSwitch(projectId: number): { switchTo: (on: boolean) => Promise<void>; busy: boolean } {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [save] = useSaveProjectConfigMutation();
  const [busy, setBusy] = useState(false);

  const switchTo = async (on: boolean) => {
    setBusy(true);
    try {
      const current = await dispatch(projectSettingsApi.endpoints.projectConfig.initiate(projectId, { forceRefetch: true, subscribe: false })).unwrap();
      await save({ projectId, config: { ...current, aiEnabled: on } }).unwrap();
      dispatch(aiApi.util.invalidateTags(['AiAllow', 'AiModel', 'AiJob']));
      void message.success(t(on ? 'aiTab.switch.switchedOn' : 'aiTab.switch.switchedOff'));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { switchTo, busy };
}

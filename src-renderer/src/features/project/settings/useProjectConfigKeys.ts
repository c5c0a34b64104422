import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { useProjectConfigQuery, useSaveProjectConfigMutation } from '../api/projectSettingsApi';

/**
 * A settings card that edits some keys of the project's configuration object: the object as
 * loaded, and `saveKeys`, which sends the whole object with those keys replaced (so the keys
 * other cards and the JSON editor own are kept) and says saved or why not.
 */
export function useProjectConfigKeys(projectId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: config, error, refetch, isLoading } = useProjectConfigQuery(projectId);
  const [save, { isLoading: saving }] = useSaveProjectConfigMutation();

  const saveKeys = async (keys: Record<string, unknown>) => {
    try {
      await save({ projectId, config: { ...config, ...keys } }).unwrap();
      void message.success(t('project.settings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return { config, error, refetch, isLoading, saving, saveKeys };
}

import { Card, Radio, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNCONFIRMED_ON_SUBMIT, UNCONFIRMED_SETTING, unconfirmedOnSubmit, type UnconfirmedOnSubmit } from '../../../../../src-shared/model/unconfirmed';
import { LoadFailure } from '../../../app/LoadFailure';
import { useProjectConfigKeys } from './useProjectConfigKeys';

/**
 * What a submit does while a model's suggestions nobody confirmed are on the item (issue 31):
 * ask the annotator first (the default), or refuse until each is accepted or rejected. One key
 * of the project's configuration object; saving keeps the others.
 */
export function SuggestionSettings({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { config, error, refetch, isLoading, saving, saveKeys } = useProjectConfigKeys(projectId);
  const choose = (rule: UnconfirmedOnSubmit) => saveKeys({ [UNCONFIRMED_SETTING]: rule });

  const body = () => {
    if (error) return <LoadFailure title={t('project.config.loadFailed')} error={error} onRetry={() => void refetch()} />;
    if (isLoading || !config) return <Skeleton active />;
    return (
      <Radio.Group
        aria-label={t('project.suggestions.rule')}
        value={unconfirmedOnSubmit(config)}
        disabled={!editable || saving}
        onChange={(e) => void choose(e.target.value as UnconfirmedOnSubmit)}
        options={UNCONFIRMED_ON_SUBMIT.map((rule) => ({ value: rule, label: t(`project.suggestions.${rule}`) }))}
        data-testid="unconfirmed-rule"
      />
    );
  };

  return (
    <Card title={t('project.suggestions.title')} data-testid="suggestion-settings">
      <Typography.Paragraph type="secondary">{t('project.suggestions.hint')}</Typography.Paragraph>
      <Typography.Paragraph>{t('project.suggestions.rule')}</Typography.Paragraph>
      {body()}
    </Card>
  );
}

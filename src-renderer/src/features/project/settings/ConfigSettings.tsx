import { useEffect, useState } from 'react';
import { App, Button, Card, Flex, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROJECT_CONFIG_MAX_BYTES } from '../../../../../src-shared/api/project';
import { useErrorText } from '../../../app/useErrorText';
import { useProjectConfigQuery, useSaveProjectConfigMutation } from '../api/projectSettingsApi';
import { LoadFailure } from '../../../app/LoadFailure';

/** Why the text cannot be saved, as a text key; null when it is a JSON object within the size limit. */
function configProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'project.config.notJson';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'project.config.notObject';
  if (new TextEncoder().encode(JSON.stringify(parsed)).length > PROJECT_CONFIG_MAX_BYTES) return 'project.config.tooLarge';
  return null;
}

/**
 * The project's free-form settings object. The API defines no fields of its own, so it is
 * edited as JSON, checked before it is sent.
 */
export function ConfigSettings({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data, error, refetch, isLoading } = useProjectConfigQuery(projectId);
  const [save, { isLoading: saving }] = useSaveProjectConfigMutation();
  const stored = data ? JSON.stringify(data, null, 2) : '';
  const [text, setText] = useState(stored);
  useEffect(() => setText(stored), [stored]);
  const problem = configProblem(text);

  const onSave = async () => {
    try {
      await save({ projectId, config: JSON.parse(text) as Record<string, unknown> }).unwrap();
      void message.success(t('project.settings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card title={t('project.config.title')}>
      {error && <LoadFailure title={t('project.config.loadFailed')} error={error} onRetry={() => void refetch()} />}
      {isLoading ? (
        <Skeleton active />
      ) : editable ? (
        <>
          <Typography.Paragraph type="secondary">{t('project.config.hint', { kb: PROJECT_CONFIG_MAX_BYTES / 1024 })}</Typography.Paragraph>
          <Input.TextArea
            aria-label={t('project.config.title')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 16 }}
            style={{ fontFamily: 'monospace' }}
            status={problem ? 'error' : undefined}
            data-testid="config-text"
          />
          <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
            <Typography.Text type="danger" role="status">{problem ? t(problem, { kb: PROJECT_CONFIG_MAX_BYTES / 1024 }) : ''}</Typography.Text>
            <Button type="primary" disabled={!!problem || text === stored} loading={saving} onClick={() => void onSave()} data-testid="config-save">
              {t('project.common.save')}
            </Button>
          </Flex>
        </>
      ) : (
        <pre style={{ margin: 0 }}>{stored}</pre>
      )}
    </Card>
  );
}

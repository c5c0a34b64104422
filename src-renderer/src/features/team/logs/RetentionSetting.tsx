import { useEffect } from 'react';
import { App, Button, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOG_RETENTION_MAX_DAYS as MAX, LOG_RETENTION_MIN_DAYS as MIN } from '../../../../../src-shared/api/log';
import { LoadFailure } from '../../../app/LoadFailure';
import { useErrorText } from '../../../app/useErrorText';
import { useLogSettingsQuery, useUpdateLogSettingsMutation } from '../api/logApi';

/** How many days the server keeps the team's zips: editable with `team.update`, read-only otherwise. */
export function RetentionSetting({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ retentionDays: number }>();
  const { data, error, refetch } = useLogSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update, { isLoading }] = useUpdateLogSettingsMutation();

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  if (error) return <LoadFailure title={t('team.logs.retentionLoadFailed')} error={error} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const hint = t('team.logs.retentionHint', { min: MIN, max: MAX });
  if (!canEdit)
    return (
      <Typography.Paragraph data-testid="log-retention">
        {t('team.logs.retentionDays')}: <strong>{t('team.logs.keptDays', { count: data.retentionDays })}</strong>. {hint} {t('team.logs.retentionReadOnly')}
      </Typography.Paragraph>
    );

  const onFinish = async ({ retentionDays }: { retentionDays: number }) => {
    try {
      const saved = await update({ retentionDays }).unwrap();
      void message.success(t('team.logs.retentionSaved', { count: saved.retentionDays }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Form form={form} layout="inline" onFinish={onFinish} data-testid="log-retention" style={{ rowGap: 8 }}>
      <Form.Item
        name="retentionDays"
        label={t('team.logs.retentionDays')}
        extra={hint}
        rules={[{ required: true, type: 'integer', min: MIN, max: MAX, message: t('team.logs.retentionInvalid', { min: MIN, max: MAX }) }]}
      >
        {/* No min/max on the box: it would quietly clamp 400 to 365; the rule says what is wrong instead. */}
        <InputNumber<number> suffix={t('team.logs.days')} style={{ width: 120 }} data-testid="log-retention-days" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="log-retention-save">
          {t('team.common.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

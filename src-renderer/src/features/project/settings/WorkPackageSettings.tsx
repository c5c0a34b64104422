import { Button, Card, Descriptions, Form, InputNumber, Skeleton, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { WORK_PACKAGE_SETTINGS, workPackageSettings, type WorkPackageSettingName, type WorkPackageSettings as Values } from '../../../../../src-shared/model/workPackageSettings';
import { Figure } from '../../../app/figures/Figure';
import { LoadFailure } from '../../../app/LoadFailure';
import { useProjectConfigKeys } from './useProjectConfigKeys';

/** A whole number in the setting's range, said in the reader's language (the server checks the same range). */
const rangeRules = (t: TFunction, name: WorkPackageSettingName): Rule[] => {
  const { min, max } = WORK_PACKAGE_SETTINGS[name];
  const message = t(`project.workPackages.${name}Range`, { min, max });
  return [{ required: true, message }, { type: 'integer', min, max, message }];
};

/**
 * Package size and lease of work packages (docs/offline-day.md): two keys of the project's
 * configuration object. Saving sends the whole object with these two replaced, so other keys
 * (edited as JSON below) are kept; a project that never set them shows the defaults.
 */
export function WorkPackageSettings({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { config, error, refetch, isLoading, saving, saveKeys } = useProjectConfigKeys(projectId);
  const current = workPackageSettings(config ?? {});
  const submit = (v: Values) => saveKeys({ packageSize: v.packageSize, leaseHours: v.leaseHours });

  const body = () => {
    if (error) return <LoadFailure title={t('project.config.loadFailed')} error={error} onRetry={() => void refetch()} />;
    if (isLoading || !config) return <Skeleton active />;
    if (!editable) {
      return (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('project.workPackages.packageSize')}>
            <Figure>{t('project.workPackages.items', { count: current.packageSize })}</Figure>
          </Descriptions.Item>
          <Descriptions.Item label={t('project.workPackages.leaseHours')}>
            <Figure>{t('project.workPackages.hours', { count: current.leaseHours })}</Figure>
          </Descriptions.Item>
        </Descriptions>
      );
    }
    return (
      <Form<Values> layout="vertical" key={`${current.packageSize}|${current.leaseHours}`} initialValues={current} onFinish={submit}>
        <Form.Item name="packageSize" label={t('project.workPackages.packageSize')} rules={rangeRules(t, 'packageSize')}>
          <InputNumber style={{ width: 160 }} data-testid="package-size" />
        </Form.Item>
        <Form.Item name="leaseHours" label={t('project.workPackages.leaseHours')} rules={rangeRules(t, 'leaseHours')}>
          <InputNumber style={{ width: 160 }} data-testid="lease-hours" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="work-packages-save">
          {t('project.common.save')}
        </Button>
      </Form>
    );
  };

  return (
    <Card title={t('project.workPackages.title')} data-testid="work-package-settings">
      <Typography.Paragraph type="secondary">{t('project.workPackages.hint')}</Typography.Paragraph>
      {body()}
    </Card>
  );
}

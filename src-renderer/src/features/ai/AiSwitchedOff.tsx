import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectMay } from '../../app/projectPermission';
import { useAiSwitch } from './useAiSwitch';

/** AI is switched off in the project's settings: what that means, and the switch for those who may use it. */
export function AiSwitchedOff({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const mayManage = useProjectMay(projectId, 'project.ai.manage');
  const { switchTo, busy } = useAiSwitch(projectId);
  return (
    <Result
      status="info"
      data-testid="ai-switched-off"
      title={t('aiTab.switch.offTitle')}
      subTitle={mayManage ? t('aiTab.switch.offHintManager') : t('aiTab.switch.offHintOthers')}
      extra={
        mayManage ? (
          <Button type="primary" loading={busy} onClick={() => void switchTo(true)}>
            {t('aiTab.switch.turnOn')}
          </Button>
        ) : null
      }
    />
  );
}

import { Badge, Button, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiAllow } from '../../../../../src-shared/api/ai';
import { relativeTime } from '../../../app/relativeTime';
import { useErrorText } from '../../../app/useErrorText';
import { useAiStatusQuery } from '../aiApi';
import { useAiSwitch } from '../useAiSwitch';

/** Whether a service went away is not pushed as an event: the line asks again this often. */
const STATUS_POLL_MS = 30_000;

/** One line above the tab: are the model services there, how many models are ready, what runs; the off switch for managers. */
export function ServiceStatusLine({ projectId, allow }: { projectId: number; allow: AiAllow }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  // A service's last failure is kept as an error key (ai.serviceUnreachable): said in words.
  const serviceError = (key: string, name: string) => (i18n.exists(`error.${key}`) ? t(`error.${key}`, { service: name }) : key);
  const { data, error } = useAiStatusQuery(projectId, { pollingInterval: STATUS_POLL_MS });
  const { switchTo, busy } = useAiSwitch(projectId);

  const services = data?.services ?? [];
  const online = data ? services.some((s) => s.online) : allow.serviceOnline;
  const count = (state: string) => data?.models.filter((m) => m.state === state).length ?? 0;
  const running = data?.jobs.length ?? 0;

  return (
    <Flex gap={16} align="center" wrap style={{ marginBottom: 8 }} data-testid="ai-service-status">
      <Badge status={online ? 'success' : 'error'} text={online ? t('aiTab.service.online') : t('aiTab.service.offline')} />
      {services.map((s) => (
        <Tooltip key={s.serviceId} title={s.error ? serviceError(s.error, s.builtIn ? t('aiTab.service.builtIn') : s.name) : (s.checkedAt ? t('aiTab.service.checked', { when: relativeTime(s.checkedAt, t) }) : undefined)}>
          <Typography.Text type={s.online ? 'secondary' : 'danger'}>
            {s.builtIn ? t('aiTab.service.builtIn') : s.name} · {s.online ? t('aiTab.service.serviceOnline') : t('aiTab.service.serviceOffline')}
          </Typography.Text>
        </Tooltip>
      ))}
      {data && services.length === 0 && <Typography.Text type="warning">{t('aiTab.service.none')}</Typography.Text>}
      {data && (
        <Typography.Text type="secondary">
          {t('aiTab.service.models', { ready: count('ready'), loading: count('loading'), failed: count('failed') + count('unreachable') })}
          {running > 0 && ` · ${t('aiTab.service.running', { count: running })}`}
        </Typography.Text>
      )}
      {error && <Typography.Text type="danger">{errorText(error)}</Typography.Text>}
      {allow.mayManage && (
        <Popconfirm title={t('aiTab.switch.offConfirm')} onConfirm={() => void switchTo(false)}>
          <Button size="small" loading={busy} style={{ marginLeft: 'auto' }}>
            {t('aiTab.switch.turnOff')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}

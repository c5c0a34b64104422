import { useEffect, useState } from 'react';
import { App, Flex, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOG_THRESHOLDS, type LogThreshold } from '../../../../../src-shared/ipc/logs';
import { workstation } from '../../../host';
import { useErrorText } from '../../../app/useErrorText';

/**
 * The workstation's record level while it runs (logs.setLevel): ops raise it to debug to look
 * into a problem and put it back, without restarting with another WORKSTATION_LOG_LEVEL. It
 * follows changes made elsewhere (another page of the browser host) through `logs.level`.
 */
export function LogLevelSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [level, setLevel] = useState<LogThreshold | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    workstation
      .invoke('logs.level', {})
      .then((r) => current && setLevel(r.level))
      .catch(() => undefined); // the select stays empty; choosing a level still works
    const off = workstation.on('logs.level', (e) => setLevel(e.level));
    return () => {
      current = false;
      off();
    };
  }, []);

  const choose = async (next: LogThreshold) => {
    setSaving(true);
    try {
      setLevel((await workstation.invoke('logs.setLevel', { level: next })).level);
    } catch (err) {
      void message.error(`${t('insight.operations.levelChangeFailed')}: ${errorText(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex align="center" gap={8}>
      <Tooltip title={t('insight.operations.recordFromHint')}>
        <Typography.Text>{t('insight.operations.recordFrom')}</Typography.Text>
      </Tooltip>
      <Select<LogThreshold>
        value={level ?? undefined}
        loading={level === null || saving}
        disabled={saving}
        onChange={(v) => void choose(v)}
        // Room for the longest choice whole ("Debug and above (everything)"; at 200 px it read "Debug and above (e…").
        style={{ width: 260 }}
        aria-label={t('insight.operations.recordFrom')}
        data-testid="log-record-level"
        options={LOG_THRESHOLDS.map((l) => ({ value: l, label: t(`insight.operations.threshold.${l}`) }))}
      />
    </Flex>
  );
}

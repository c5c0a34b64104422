import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { holdsHostKey, workstation } from '../host';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { followBrowserLanguage } from '../i18n';
import { initApiClient } from './apiClient';
import { errorLine, log } from './log';
import { logStartup } from './log/startupLog';
import { thresholdLevel } from '../../../src-shared/ipc/logs';

/**
 * The browser host refused the page: it has no key (opened without the address the host
 * printed), a key the host does not take (mistyped, or of an earlier run: each start makes a new
 * one), or it was opened under an address the host does not answer to.
 */
type Locked = 'noKey' | 'wrongKey' | 'forbidden';
type Phase = 'loading' | 'ready' | 'failed' | Locked;

const lockedBy = (code: unknown): Locked | null => (code === 'HOST_FORBIDDEN' ? 'forbidden' : code === 'HOST_SECRET_REQUIRED' ? (holdsHostKey ? 'wrongKey' : 'noKey') : null);

/**
 * Nothing can talk to the team server before the workstation says where it is, so the app
 * renders only after `app.info` answered and the API client is pointed at its `serverUrl`.
 */
export function Startup({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [phase, setPhase] = useState<Phase>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const info = await workstation.invoke('app.info', {});
        if (!info.serverUrl) throw new Error('app.info answered without a serverUrl');
        initApiClient(info.serverUrl);
        log.setMinLevel(thresholdLevel(info.logLevel ?? 'debug'));
        if (!current) return; // React's strict mode runs this twice in development: one record
        logStartup(info, i18n.language);
        setPhase('ready');
      } catch (err) {
        console.error('workstation start failed', err); // the screen shows a translated text; keep the cause for support
        log.error(`renderer start failed: app.info: ${errorLine(err)}`); // waits in the page until the host answers
        const code = (err as { code?: unknown } | null)?.code;
        const locked = lockedBy(code);
        // Whoever meets this page has not reached the workstation yet: their browser's language.
        if (locked) followBrowserLanguage();
        if (current) setPhase(locked ?? 'failed');
      }
    })();
    return () => {
      current = false;
    };
  }, [attempt]);

  // The level can change while the workstation runs (Operations, logs.setLevel): every page follows.
  useEffect(() => workstation.on('logs.level', (e) => log.setMinLevel(thresholdLevel(e.level))), []);

  const retry = () => {
    setPhase('loading');
    setAttempt((n) => n + 1);
  };

  if (phase === 'ready') return children;
  return (
    <Flex vertical style={{ minHeight: '100vh' }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center">
        {phase === 'loading' ? (
          <Spin size="large" description={t('app.starting')} />
        ) : phase !== 'failed' ? (
          <Result status="warning" title={t(`startup.locked.${phase}Title`)} subTitle={t(`startup.locked.${phase}Detail`)} data-testid="host-locked" data-reason={phase} />
        ) : (
          <Result
            status="error"
            title={t('startup.failedTitle')}
            subTitle={t('startup.failedDetail')}
            extra={
              <Button type="primary" data-testid="startup-retry" onClick={retry}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
      </Flex>
    </Flex>
  );
}

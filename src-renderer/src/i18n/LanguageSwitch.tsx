import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { log } from '../app/log';
import { LANGUAGES } from './language';
import { chooseLanguage } from './index';

/**
 * The interface language, on every page. Each option is written in its own language so a
 * user who cannot read the current one still finds theirs. Plain toggle buttons (not antd's
 * radio buttons, whose inputs are invisible) so keyboard, screen readers and tests can all
 * press them by name.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Space.Compact role="group" aria-label={t('language.label')} data-testid="lang-switch">
      {LANGUAGES.map((l) => {
        const active = i18n.language === l.code;
        return (
          <Button
            key={l.code}
            size="small"
            lang={l.code}
            type={active ? 'primary' : 'default'}
            aria-pressed={active}
            onClick={() => {
              if (!active) log.info(`language: switched from ${i18n.language} to ${l.code}`);
              void chooseLanguage(l.code);
            }}
          >
            {l.nativeName}
          </Button>
        );
      })}
    </Space.Compact>
  );
}

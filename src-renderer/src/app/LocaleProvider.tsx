import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import antdEnUS from 'antd/locale/en_US';
import antdZhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';

/** antd never spaces out two-character Chinese labels ("登 录"): a button's name is its text. */
const BUTTON_CONFIG = { autoInsertSpace: false };

/**
 * antd follows the i18n language (its own texts: pagination, empty tables, modals); dayjs is
 * switched by src/i18n. antd's App gives every page the `message` API through context.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en-US' ? antdEnUS : antdZhCN} button={BUTTON_CONFIG}>
      <App>{children}</App>
    </ConfigProvider>
  );
}

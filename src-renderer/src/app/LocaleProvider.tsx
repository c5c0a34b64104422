import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import antdEnUS from 'antd/locale/en_US';
import antdZhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

/** antd never spaces out two-character Chinese labels ("登 录"): a button's name is its text. */
const BUTTON_CONFIG = { autoInsertSpace: false };
/**
 * antd's zero-runtime mode: its component styles come from antd/dist/antd.css (imported in
 * main.tsx) instead of being generated in the page the first time each component renders;
 * that generation was about 15% of the renderer's script time on every start (docs/testing.md).
 */
const THEME = { zeroRuntime: true };
const REDUCED_MOTION_THEME = { ...THEME, token: { motion: false } };

/**
 * antd follows the i18n language (its own texts: pagination, empty tables, modals); dayjs is
 * switched by src/i18n. antd's App gives every page the `message` API through context.
 * A user whose system asks for reduced motion gets dialogs, menus and messages without their
 * zoom and slide: antd's own CSS honours the setting for a few components only (buttons,
 * switches), not for the dialogs' zoom.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? antdEnUS : antdZhCN}
      button={BUTTON_CONFIG}
      theme={reducedMotion ? REDUCED_MOTION_THEME : THEME}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}

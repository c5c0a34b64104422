import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';

/** The frame of the login and register pages: product name, language switch, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px' }}>
        <Typography.Text strong>{t('app.name')}</Typography.Text>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} justify="center" align="flex-start" style={{ padding: '48px 16px' }}>
        <Card style={{ width: '100%', maxWidth: 400 }}>
          <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
            {title}
          </Typography.Title>
          {children}
        </Card>
      </Flex>
    </Flex>
  );
}

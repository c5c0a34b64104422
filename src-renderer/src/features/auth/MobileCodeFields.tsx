import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeRules, mobileRules } from './rules';
import type { useSendCode } from './useSendCode';
import { stripSpaces } from './validation';

/** The mobile number with its "send code" button, then the SMS code: registration and password reset ask the same. */
export function MobileCodeFields({ idPrefix, code }: { idPrefix: string; code: ReturnType<typeof useSendCode> }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('auth.mobile')} htmlFor={`${idPrefix}_mobile`}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="mobile" noStyle rules={mobileRules(t)} normalize={stripSpaces}>
            <Input id={`${idPrefix}_mobile`} data-testid="mobile" autoComplete="tel" inputMode="tel" placeholder={t('auth.mobilePlaceholder')} />
          </Form.Item>
          <Button data-testid="send-code" onClick={() => void code.send()} loading={code.sending} disabled={code.waiting}>
            {code.text}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="code" label={t('auth.code')} rules={codeRules(t)} normalize={stripSpaces}>
        <Input
          data-testid="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          // eslint-disable-next-line no-restricted-syntax -- a code of 6 digits, as its placeholder says: no counter needed
          maxLength={6}
          placeholder={t('auth.codePlaceholder')}
        />
      </Form.Item>
    </>
  );
}

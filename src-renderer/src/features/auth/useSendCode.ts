import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsSendBody } from '../../../../src-shared/api/user';
import type { QueryError } from '../../app/apiSlice';
import { useSmsSendMutation } from './authApi';
import { useCountdown } from './useCountdown';

/** Used only if an answer lacks `resendAfterSeconds`; the server's value wins. */
const FALLBACK_RESEND_SECONDS = 60;

/** A rate-limited send may say how long to wait in its error data; honour it when present. */
function waitFromFailure(err: unknown): number | null {
  const body = (err as Partial<QueryError> | null)?.body;
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const seconds = typeof data === 'object' && data !== null ? (data as { resendAfterSeconds?: unknown }).resendAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/**
 * The "send code" button of a form with a `mobile` field: validates the number, asks for a code
 * of `codeType`, and counts down until another may be sent (the server's wait, also after a
 * refused send). `onFailure` hears what to show in the form.
 */
export function useSendCode(form: FormInstance, codeType: SmsSendBody['codeType'], onFailure: (err: unknown) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sendSms, { isLoading: sending }] = useSmsSendMutation();
  const countdown = useCountdown();

  const send = async () => {
    let mobile: string;
    try {
      ({ mobile } = (await form.validateFields(['mobile'])) as { mobile: string });
    } catch {
      return; // the field shows why
    }
    onFailure(null);
    try {
      const { resendAfterSeconds } = await sendSms({ mobile, codeType }).unwrap();
      countdown.start(Number.isFinite(resendAfterSeconds) ? resendAfterSeconds : FALLBACK_RESEND_SECONDS);
      void message.success(t('auth.codeSent'));
    } catch (err) {
      const wait = waitFromFailure(err);
      if (wait !== null) countdown.start(wait);
      onFailure(err);
    }
  };

  const text = countdown.remaining > 0 ? t('auth.resendIn', { seconds: countdown.remaining }) : t('auth.sendCode');
  return { send, sending, text, waiting: countdown.remaining > 0 };
}

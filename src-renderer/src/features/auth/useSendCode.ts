import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsSendBody } from '../../../../src-shared/api/user';
import { useSmsSendMutation } from './authApi';
import { useCountdown } from './useCountdown';
import { withDeviceToken } from './deviceTokens';
import { retryAfterOf } from './retryAfter';
import { validFormValues } from '../../app/validFormValues';

/** Used only if an answer lacks `resendAfterSeconds`; the server's value wins. */
const FALLBACK_RESEND_SECONDS = 60;

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
    const values = (await validFormValues(form, ['mobile'])) as { mobile: string } | null;
    if (!values) return; // the field shows why
    const { mobile } = values;
    onFailure(null);
    try {
      // This device's token for the number, if it signed in here: its own sending budget.
      const { resendAfterSeconds } = await sendSms({ mobile, codeType, ...withDeviceToken(mobile) }).unwrap();
      countdown.start(Number.isFinite(resendAfterSeconds) ? resendAfterSeconds : FALLBACK_RESEND_SECONDS);
      void message.success(t('auth.codeSent'));
    } catch (err) {
      // A refused send says how long to wait (retryAfterSeconds): the button counts it down.
      const wait = retryAfterOf(err);
      if (wait !== null) countdown.start(wait);
      onFailure(err);
    }
  };

  const text = countdown.remaining > 0 ? t('auth.resendIn', { seconds: countdown.remaining }) : t('auth.sendCode');
  return { send, sending, text, waiting: countdown.remaining > 0 };
}

/**
 * Real SMS (issue 34): with SMS_PROVIDER set, sign-up codes go to Alibaba Cloud's or Tencent
 * Cloud's SMS API, signed as each documents it. Against a local gateway that checks the
 * signature (tests/support/smsGateways.ts): the code the gateway got registers the account; a
 * wrong secret, or a gateway's own refusal, answers 502 `sms.sendFailed` naming the gateway and
 * its reason. The outbox file stays the default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';
import { ALIYUN_KEYS, startSmsGateways, TENCENT_KEYS, type SmsGateways } from '../support/smsGateways';
import { startTestServer, type TestServer } from '../support/testServer';

let gateways: SmsGateways;
beforeAll(async () => {
  gateways = await startSmsGateways();
});
afterAll(async () => {
  await gateways?.close();
});

const settings = {
  aliyun: (secret: string) => ({
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN_KEYS.id,
    ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
    ALIYUN_SMS_SIGN_NAME: '标注工作站',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
    ALIYUN_SMS_ENDPOINT: gateways.url,
  }),
  tencent: (secret: string) => ({
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: TENCENT_KEYS.id,
    TENCENT_SMS_SECRET_KEY: secret,
    TENCENT_SMS_APP_ID: '1400000001',
    TENCENT_SMS_SIGN_NAME: '标注工作站',
    TENCENT_SMS_TEMPLATE_ID: '1234567',
    TENCENT_SMS_ENDPOINT: gateways.url,
  }),
};

describe.each(['aliyun', 'tencent'] as const)('codes by SMS through %s', (gateway) => {
  let s: TestServer;
  let wrong: TestServer;
  const secret = gateway === 'aliyun' ? ALIYUN_KEYS.secret : TENCENT_KEYS.secret;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { env: settings[gateway](secret) });
    wrong = await startTestServer('sqlite', { env: settings[gateway]('not-the-secret-0123456789') });
  });
  afterAll(async () => {
    await s?.close();
    await wrong?.close();
  });
  const mobile = gateway === 'aliyun' ? '13900001111' : '13900002222';

  it('sends a signed request with the number, the code, the signature and the template, and that code registers the account', async () => {
    const before = gateways.sent.length;
    const sent = await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    expect(sent.body.msg).toBe('ok');
    const got = gateways.sent.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ gateway, signed: true, signName: '标注工作站', phone: gateway === 'tencent' ? `+86${mobile}` : mobile, code: expect.stringMatching(/^\d{4,8}$/) });
    const registered = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code: got[0]!.code, password: 'correct horse 1', name: 'Ada' } });
    expect(registered.body.msg).toBe('ok');
  });

  it('answers 502 naming the gateway and its reason when the signature is refused or the gateway says no', async () => {
    const refused = await wrong.call({ method: 'POST', url: '/core/sms/send', payload: { mobile: '13900003333', codeType: 'register' } });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ msg: 'error.sms.sendFailed', data: { gateway, reason: gateway === 'aliyun' ? 'SignatureDoesNotMatch' : 'AuthFailure.SignatureFailure' } });
    expect(gateways.sent.at(-1)).toMatchObject({ gateway, signed: false });

    const limit = gateway === 'aliyun' ? 'isv.BUSINESS_LIMIT_CONTROL' : 'LimitExceeded.PhoneNumberDailyLimit';
    gateways.refuseNext = { code: limit, message: 'limit reached' };
    const limited = await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile: '13900004444', codeType: 'register' } });
    expect(limited.status).toBe(502);
    expect(limited.body).toMatchObject({ msg: 'error.sms.sendFailed', data: { gateway, reason: limit } });
  });
});

describe('SMS settings', () => {
  it('keeps the outbox by default, and names a missing or unknown setting at start', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_SECRET is required when SMS_PROVIDER is aliyun/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/TENCENT_SMS_SECRET_ID is required/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER must be outbox, aliyun or tencent/);
    const t = loadConfig({ ...settings.tencent('s'), TENCENT_SMS_ENDPOINT: '' }).sms;
    expect(t).toMatchObject({ provider: 'tencent', tencent: { region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com' } });
  });
});

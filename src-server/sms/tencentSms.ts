import crypto from 'node:crypto';
import type { SmsMessage, SmsProvider } from './provider';
import { callGateway, sha256Hex, SmsGatewayError } from './gatewayCall';

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  /** the SMS application's SdkAppId (1400...) */
  appId: string;
  /** the approved signature (签名) */
  signName: string;
  /** the approved template whose one parameter is the code */
  templateId: string;
  /** default ap-guangzhou */
  region: string;
  /** default https://sms.tencentcloudapi.com */
  endpoint: string;
}

const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * Tencent Cloud SMS (短信, API 3.0 `SendSms`, version 2021-01-11), signed with TC3-HMAC-SHA256:
 * a JSON body, the signature over the canonical request with a key derived from the secret,
 * the day and the service.
 */
export class TencentSmsProvider implements SmsProvider {
  constructor(
    private readonly s: TencentSmsSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async send({ mobile, code }: SmsMessage): Promise<void> {
    const url = new URL(this.s.endpoint);
    // E.164: a Chinese number without its country code is given one.
    const phone = mobile.startsWith('+') ? mobile : `+86${mobile}`;
    const body = JSON.stringify({ PhoneNumberSet: [phone], SmsSdkAppId: this.s.appId, SignName: this.s.signName, TemplateId: this.s.templateId, TemplateParamSet: [code] });
    const timestamp = Math.floor(this.now() / 1000);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const contentType = 'application/json; charset=utf-8';
    const signedHeaders = 'content-type;host;x-tc-action';
    const canonical = ['POST', '/', '', `content-type:${contentType}\nhost:${url.host}\nx-tc-action:sendsms\n`, signedHeaders, sha256Hex(body)].join('\n');
    const scope = `${date}/sms/tc3_request`;
    const toSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256Hex(canonical)].join('\n');
    const key = hmac(hmac(hmac(`TC3${this.s.secretKey}`, date), 'sms'), 'tc3_request');
    const signature = crypto.createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
    const answer = (await callGateway('tencent', `${url.origin}/`, {
      method: 'POST',
      headers: {
        // Host is the URL's, as signed; fetch sets it.
        'content-type': contentType,
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-region': this.s.region,
        'x-tc-timestamp': String(timestamp),
        authorization: `TC3-HMAC-SHA256 Credential=${this.s.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      },
      body,
    })) as { Response?: { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] } };
    const error = answer.Response?.Error;
    if (error) throw new SmsGatewayError('tencent', error.Code ?? 'badAnswer', error.Message ?? '');
    const status = answer.Response?.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') throw new SmsGatewayError('tencent', status?.Code ?? 'badAnswer', status?.Message ?? 'no send status');
  }
}

import crypto from 'node:crypto';
import type { SmsMessage, SmsProvider } from './provider';
import { percentEncode } from '../../src-shared/transfer/percentEncode';
import { callGateway, sha256Hex, SmsGatewayError } from './gatewayCall';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  /** the approved signature (签名) */
  signName: string;
  /** the approved template (模板) with one variable, `${code}` */
  templateCode: string;
  /** default https://dysmsapi.aliyuncs.com */
  endpoint: string;
}

/**
 * Alibaba Cloud SMS (短信服务, dysmsapi `SendSms`, version 2017-05-25), signed with Alibaba Cloud's
 * signature method V3 (ACS3-HMAC-SHA256; V2 is discontinued): the parameters in the query string,
 * an empty body, and the signature over the canonical request in `Authorization`.
 */
export class AliyunSmsProvider implements SmsProvider {
  constructor(
    private readonly s: AliyunSmsSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async send({ mobile, code }: SmsMessage): Promise<void> {
    const url = new URL(this.s.endpoint);
    const params: Record<string, string> = {
      // a mainland number as it is; others with their country code and no plus (Alibaba Cloud's form)
      PhoneNumbers: mobile.replace(/^\+86/, '').replace(/^\+/, ''),
      SignName: this.s.signName,
      TemplateCode: this.s.templateCode,
      TemplateParam: JSON.stringify({ code }),
    };
    const query = Object.keys(params)
      .sort()
      .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
      .join('&');
    // Sent as they are; `host` is signed too, and fetch sends the URL's.
    const sent: Record<string, string> = {
      'x-acs-action': 'SendSms',
      'x-acs-content-sha256': sha256Hex(''),
      'x-acs-date': new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      'x-acs-signature-nonce': crypto.randomUUID(),
      'x-acs-version': '2017-05-25',
    };
    const signed: Record<string, string> = { host: url.host, ...sent };
    const names = Object.keys(signed).sort();
    const canonical = ['POST', '/', query, names.map((n) => `${n}:${signed[n]!.trim()}\n`).join(''), names.join(';'), sent['x-acs-content-sha256']].join('\n');
    const signature = crypto.createHmac('sha256', this.s.accessKeySecret).update(`ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`).digest('hex');
    const answer = (await callGateway('aliyun', `${url.origin}/?${query}`, {
      method: 'POST',
      headers: { ...sent, authorization: `ACS3-HMAC-SHA256 Credential=${this.s.accessKeyId},SignedHeaders=${names.join(';')},Signature=${signature}` },
    })) as { Code?: unknown; Message?: unknown };
    if (answer.Code !== 'OK') throw new SmsGatewayError('aliyun', String(answer.Code ?? 'badAnswer'), String(answer.Message ?? ''));
  }
}

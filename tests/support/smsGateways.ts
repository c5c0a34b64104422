/**
 * Local stand-ins for Alibaba Cloud's and Tencent Cloud's SMS gateways (issue 34): a real HTTP
 * server that checks each request's signature as the gateway documents it, written here apart
 * from the product's signing code, records what it was asked to send, and answers as the
 * gateway does: success, a refused signature, or the gateway's own error when told to.
 *
 * - Alibaba Cloud, signature method V3 (ACS3-HMAC-SHA256): the canonical request of method,
 *   path, sorted RFC 3986 query, the signed headers (`name:value`), their names and the body's
 *   SHA-256; the string to sign is the algorithm and that request's SHA-256, signed with the secret.
 * - Tencent Cloud, TC3-HMAC-SHA256: the canonical request with lower-cased header values; the
 *   string to sign adds the timestamp and the `date/sms/tc3_request` scope; the key is HMAC'd
 *   from `TC3` + secret by date, service and `tc3_request`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  gateway: 'aliyun' | 'tencent';
  phone: string;
  code: string;
  signName: string;
  template: string;
  /** the signature matched the one computed here */
  signed: boolean;
}

export interface SmsGateways {
  url: string;
  sent: SentSms[];
  /** the gateway's own refusal to give next, instead of success (a rate limit, an unapproved template) */
  refuseNext: { code: string; message: string } | null;
  close(): Promise<void>;
}

export const ALIYUN_KEYS = { id: 'LTAI5tTestAccessKeyId', secret: 'aliyun-test-secret-0123456789' };
export const TENCENT_KEYS = { id: 'AKIDTestSecretId0123456789', secret: 'tencent-test-secret-0123456789' };

const sha256hex = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
/** `A=1,B=2` or `A=1, B=2` into a map (the Authorization header's fields). */
const fields = (s: string) => new Map(s.split(/,\s*/).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string]));

function checkAliyun(req: http.IncomingMessage, body: string, url: URL): { ok: boolean; why?: string } {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('ACS3-HMAC-SHA256 ')) return { ok: false, why: 'no ACS3 authorization' };
  const f = fields(auth.slice('ACS3-HMAC-SHA256 '.length));
  if (f.get('Credential') !== ALIYUN_KEYS.id) return { ok: false, why: 'unknown access key' };
  const signed = (f.get('SignedHeaders') ?? '').split(';');
  if (signed.join(';') !== [...signed].sort().join(';')) return { ok: false, why: 'signed headers not in order' };
  for (const must of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) if (!signed.includes(must)) return { ok: false, why: `${must} not signed` };
  if (req.headers['x-acs-content-sha256'] !== sha256hex(body)) return { ok: false, why: 'body hash' };
  const at = Date.parse(String(req.headers['x-acs-date']));
  if (!(Math.abs(Date.now() - at) < 15 * 60_000)) return { ok: false, why: 'date too far' };
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).join('&');
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  const canonical = `${req.method}\n${url.pathname}\n${query}\n${headers}\n${signed.join(';')}\n${sha256hex(body)}`;
  const expected = crypto.createHmac('sha256', ALIYUN_KEYS.secret).update('ACS3-HMAC-SHA256\n' + sha256hex(canonical)).digest('hex');
  return expected === f.get('Signature') ? { ok: true } : { ok: false, why: 'signature' };
}

function checkTencent(req: http.IncomingMessage, body: string): { ok: boolean; why?: string } {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('TC3-HMAC-SHA256 ')) return { ok: false, why: 'no TC3 authorization' };
  const f = fields(auth.slice('TC3-HMAC-SHA256 '.length));
  const [id, date, service, end] = (f.get('Credential') ?? '').split('/');
  if (id !== TENCENT_KEYS.id || service !== 'sms' || end !== 'tc3_request') return { ok: false, why: 'credential' };
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!(Math.abs(Date.now() / 1000 - timestamp) < 300)) return { ok: false, why: 'timestamp too far' };
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return { ok: false, why: 'date' };
  const signed = (f.get('SignedHeaders') ?? '').split(';');
  if (signed.join(';') !== [...signed].sort().join(';')) return { ok: false, why: 'signed headers not in order' };
  if (!signed.includes('content-type') || !signed.includes('host')) return { ok: false, why: 'content-type and host must be signed' };
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim().toLowerCase()}\n`).join('');
  const canonical = `${req.method}\n/\n\n${headers}\n${signed.join(';')}\n${sha256hex(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256hex(canonical)}`;
  const h = (k: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', k).update(s).digest();
  const expected = crypto.createHmac('sha256', h(h(h('TC3' + TENCENT_KEYS.secret, date!), 'sms'), 'tc3_request')).update(toSign).digest('hex');
  return expected === f.get('Signature') ? { ok: true } : { ok: false, why: 'signature' };
}

export async function startSmsGateways(): Promise<SmsGateways> {
  const g: SmsGateways = { url: '', sent: [], refuseNext: null, close: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      const refusal = g.refuseNext;
      g.refuseNext = null;
      if (req.headers['x-acs-action'] === 'SendSms') {
        const check = checkAliyun(req, body, url);
        const q = url.searchParams;
        g.sent.push({ gateway: 'aliyun', phone: q.get('PhoneNumbers') ?? '', code: JSON.parse(q.get('TemplateParam') ?? '{}').code ?? '', signName: q.get('SignName') ?? '', template: q.get('TemplateCode') ?? '', signed: check.ok });
        if (!check.ok) return json(400, { Code: 'SignatureDoesNotMatch', Message: `Specified signature is not matched with our calculation (${check.why}).`, RequestId: crypto.randomUUID() });
        if (refusal) return json(200, { Code: refusal.code, Message: refusal.message, RequestId: crypto.randomUUID() });
        return json(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: crypto.randomUUID() });
      }
      if (req.headers['x-tc-action'] === 'SendSms') {
        const check = checkTencent(req, body);
        const b = JSON.parse(body || '{}') as { PhoneNumberSet?: string[]; TemplateParamSet?: string[]; SignName?: string; TemplateId?: string };
        g.sent.push({ gateway: 'tencent', phone: b.PhoneNumberSet?.[0] ?? '', code: b.TemplateParamSet?.[0] ?? '', signName: b.SignName ?? '', template: b.TemplateId ?? '', signed: check.ok });
        const requestId = crypto.randomUUID();
        if (!check.ok) return json(200, { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: `The provided credentials could not be validated (${check.why}).` }, RequestId: requestId } });
        if (refusal) return json(200, { Response: { SendStatusSet: [{ PhoneNumber: b.PhoneNumberSet?.[0], Code: refusal.code, Message: refusal.message }], RequestId: requestId } });
        return json(200, { Response: { SendStatusSet: [{ SerialNo: crypto.randomUUID(), PhoneNumber: b.PhoneNumberSet?.[0], Fee: 1, Code: 'Ok', Message: 'send success', IsoCode: 'CN' }], RequestId: requestId } });
      }
      json(404, { error: 'not an SMS call' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  g.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  g.close = () => new Promise((r) => server.close(() => r()));
  return g;
}

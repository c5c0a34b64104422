import { describe, expect, it } from 'vitest';
import { acceptRecords } from '../../src-main/services/logstore/recordInput';
import { LOG_EXTRA_FIELDS } from '../../src-shared/ipc';
import { redact, redactValue, REDACTED } from '../../src-shared/log/redact';

const R = REDACTED;

describe('log redaction', () => {
  it('removes bearer and basic credentials, JWTs and token headers', () => {
    expect(redact('GET /core/user failed, Authorization: Bearer abcDEF123456789.xyz')).not.toContain('abcDEF123456789');
    expect(redact('header Basic dXNlcjpwYXNzd29yZA==')).toBe(`header Basic ${R}`);
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXBhcnQ';
    expect(redact(`token was ${jwt} in the body`)).toBe(`token was ${R} in the body`);
    expect(redact('x-annot-token: 4f1c2e9a8b7d6c5e')).toBe(`x-annot-token: ${R}`);
    expect(redact('x-workstation-secret=abcdefabcdefabcdef')).toBe(`x-workstation-secret=${R}`);
  });

  it('removes password, token, secret and code fields in JSON, escaped JSON and query strings, keeping JSON valid', () => {
    const body = JSON.stringify({ mobile: '13800000007', password: 'hunter2!', tokenValue: 'tok-123', code: '654321', smsCode: 882211, name: 'Ada' });
    const out = redact(`login body ${body}`);
    expect(out).not.toMatch(/hunter2|tok-123|654321|882211/);
    const parsed = JSON.parse(out.slice('login body '.length)) as Record<string, unknown>;
    expect(parsed).toEqual({ mobile: '13800000007', password: R, tokenValue: R, code: R, smsCode: R, name: 'Ada' });
    const nested = JSON.stringify({ message: `request failed: ${body}` });
    const nestedOut = redact(nested);
    expect(nestedOut).not.toMatch(/hunter2|tok-123|654321|882211/);
    expect(JSON.parse(nestedOut)).toHaveProperty('message');
    expect(redact('POST /core/user/login?mobile=138&pwd=secret1&code=1234&next=/home')).toBe(`POST /core/user/login?mobile=138&pwd=${R}&code=${R}&next=/home`);
    expect(redact('open http://127.0.0.1:8620/?token=AbC_123-xyz#/work')).toBe(`open http://127.0.0.1:8620/?token=${R}#/work`);
    expect(redact('WORKSTATION_WEB_TOKEN=abcdefghijklmnop npm run web')).toBe(`WORKSTATION_WEB_TOKEN=${R} npm run web`);
    expect(redact("password: 'p4ss word'")).toBe(`password: '${R}'`);
    expect(redact('client_secret="s3cr3t" and api_key=zzz')).toBe(`client_secret="${R}" and api_key=${R}`);
  });

  it('removes storage keys, session tokens and presigned URL signatures', () => {
    const sts = { accessKeyId: 'ASIAXYZ1234567890ABC', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', sessionToken: 'FwoGZXIvYXdzEJr//////////wEaDNotARealOneAtAll1234567890abcdef', bucketName: 'annot' };
    const out = redact(`token answer ${JSON.stringify(sts)}`);
    expect(out).not.toMatch(/ASIAXYZ|wJalrXUtnFEMI|FwoGZXIvYXdz/);
    expect(out).toContain('"bucketName":"annot"');
    expect(redact('key AKIAIOSFODNN7EXAMPLE used')).toBe(`key ${R} used`);
    expect(redact('bare FwoGZXIvYXdzEJr//////////wEaDNotARealOneAtAll1234567890abcdef end')).toBe(`bare ${R} end`);
    const url =
      'https://s3.example.com/annot/dataset/3/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261126%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261126T070000Z&X-Amz-Expires=3600&X-Amz-Security-Token=IQoJb3JpZ2luX2VjEXAMPLE&X-Amz-Signature=0123456789abcdef0123456789abcdef&X-Amz-SignedHeaders=host';
    const signed = redact(`GET ${url} failed`);
    expect(signed).toBe(
      `GET https://s3.example.com/annot/dataset/3/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${R}&X-Amz-Date=20261126T070000Z&X-Amz-Expires=3600&X-Amz-Security-Token=${R}&X-Amz-Signature=${R}&X-Amz-SignedHeaders=host failed`,
    );
    expect(redact('https://oss/x.jpg?AWSAccessKeyId=AKIA1&Signature=abc%2Bdef&Expires=1')).toBe(`https://oss/x.jpg?AWSAccessKeyId=${R}&Signature=${R}&Expires=1`);
  });

  it('removes secrets it is told about wherever they appear', () => {
    const token = 'c9b1f2d4e6a8c0b2d4f6';
    expect(redact(`sent ${token} to the server`, [token])).toBe(`sent ${R} to the server`);
    expect(redact(`header x-annot-token: ${token}`, [token])).toBe(`header x-annot-token: ${R}`);
    // too short to be looked for literally: ordinary numbers stay
    expect(redact('task 1234 of 1234', ['1234'])).toBe('task 1234 of 1234');
  });

  it('leaves ordinary text, ids, keys and error messages as they are', () => {
    const plain = [
      'journal save sent: taskSubject 42, version 7 -> 8 (3 objects)',
      'Upload failed with status 404',
      'upload done dataset/12/batch-3/photo.jpg: 7340037 bytes in 1.2 s (5.83 MB/s), 0 retries',
      'server answered code 401 error.unauthorized',
      '{"code":200,"msg":"ok","data":{"id":5}}',
      'HTTP 403 Forbidden: permission denied',
      'etag "9b2cf535f27731c974343645a3985328" sha1 da39a3ee5e6b4b0d3255bfef95601890afd80709',
      'key=dataset/3/a.jpg transferId=5f0c7a0e-1b9d-4b7e-9c59-3f8a6f8f2a10',
      'Token expired at 12:00; the storage token is fetched again',
      'Asia/Shanghai time zone, sign-in by user 7 (Ada, 138****0007)',
      '任务 12 已提交',
    ];
    for (const t of plain) expect(redact(t)).toBe(t);
  });

  it('redacts through logs.write acceptance: the message and every extra-info field', () => {
    const cols = acceptRecords(
      { records: [{ level: 3, message: 'login failed {"password":"pw-1"}', extra: { remark: 'retry with token=abc123', projectId: 4, userName: 'Ada' } }] },
      1,
      {},
      ['session-token-value-1'],
    );
    expect(cols.messages[0]).toBe(`login failed {"password":"${R}"}`);
    expect(JSON.parse(cols.extras[0]!)).toEqual({ remark: `retry with token=${R}`, projectId: 4, userName: 'Ada' });
  });

  // Issue 30: fields besides message and remark went to the store (and to ops) as written.
  it('redacts a secret in every field of the extra-info record, so a field added later is covered too', () => {
    const secret = 'pw-0123456789-secret';
    const known = 'known-session-token-0123';
    const leaks: string[] = [];
    for (const field of LOG_EXTRA_FIELDS) {
      for (const value of [`password=${secret}`, `x-ai-service-key: ${secret}`, `GET /core/obs/get/file?key=dataset%2F3%2Fa.jpg&expires=1795335000&sig=${secret}`, `at ${known} end`]) {
        const cols = acceptRecords({ records: [{ level: 1, message: 'm', extra: { [field]: value } }] }, 1, {}, [known]);
        const stored = cols.extras[0]!;
        if (stored.includes(secret) || stored.includes(known)) leaks.push(`${field}: ${stored}`);
      }
    }
    expect(leaks).toEqual([]);
    // the signed-in user's defaults are fields too
    const cols = acceptRecords({ records: [{ level: 1, message: 'm' }, { level: 1, message: 'm', extra: { remark: 'r' } }] }, 1, { userName: `password=${secret}` });
    expect(cols.extras.join('\n')).not.toContain(secret);
  });

  it('redacts every string of a nested value, keeping numbers, key names and JSON shape', () => {
    const secret = 'nested-secret-0123456789';
    const value = { userName: `password=${secret}`, ids: [1, 2, `token=${secret}`], deep: { a: { b: [{ url: `postgres://u:${secret}@db:5432/annot` }] } }, n: 5, ok: true, none: null };
    const out = redactValue(value);
    expect(JSON.stringify(out)).not.toContain(secret);
    expect(out).toEqual({ userName: `password=${R}`, ids: [1, 2, `token=${R}`], deep: { a: { b: [{ url: `postgres://u:${R}@db:5432/annot` }] } }, n: 5, ok: true, none: null });
    // a value inside itself is not followed round again; one shared twice is written twice
    const shared = { token: `token=${secret}` };
    const loop: Record<string, unknown> = { a: shared, b: shared };
    loop.self = loop;
    expect(redactValue(loop)).toEqual({ a: { token: `token=${R}` }, b: { token: `token=${R}` }, self: '[circular]' });
  });

  it('removes passwords in URLs, the server\'s own URL signature and the model-service key, and keeps object keys readable', () => {
    expect(redact('connecting to postgres://annot:s3cr3t-pw@db.internal:5432/annot failed')).toBe(`connecting to postgres://annot:${R}@db.internal:5432/annot failed`);
    expect(redact('GET https://user:pa@ss:w0rd@example.com/x?y=1')).toBe(`GET https://user:${R}@example.com/x?y=1`);
    expect(redact('clone https://ghp_0123456789abcdefABCDEF@github.com/o/r.git')).toBe(`clone https://${R}@github.com/o/r.git`);
    // a user name alone, a port and an @ in the path are not passwords
    for (const plain of ['ssh://git@github.com/o/r.git', 'http://127.0.0.1:8610/core/user', 'https://host/people/@ada', 'mail ada@example.com']) expect(redact(plain)).toBe(plain);

    const sig = 'a'.repeat(64);
    expect(redact(`GET /core/obs/get/file?key=dataset/3/a.jpg&expires=1795335000&sig=${sig} 200`)).toBe(`GET /core/obs/get/file?key=dataset/3/a.jpg&expires=1795335000&sig=${R} 200`);
    expect(redact(`{"url":"http://127.0.0.1:8610/core/obs/get/file?key=user%2F7%2Fa.png&expires=1&sig=${sig}"}`)).toBe(`{"url":"http://127.0.0.1:8610/core/obs/get/file?key=user%2F7%2Fa.png&expires=1&sig=${R}"}`);
    expect(redact('https://blob.example.net/c/b.jpg?sv=2024-01-01&se=2026&sp=r&sig=abcDEF%2Bghi%3D')).toBe(`https://blob.example.net/c/b.jpg?sv=2024-01-01&se=2026&sp=r&sig=${R}`);
    // "sig" only as a whole name
    for (const plain of ['signal=SIGTERM', 'design: 3', 'assignee=ada']) expect(redact(plain)).toBe(plain);

    expect(redact('x-ai-service-key: 0123456789abcdef')).toBe(`x-ai-service-key: ${R}`);
    expect(redact('{"serviceKey":"k-0123456789","private_key":"-----BEGIN"}')).toBe(`{"serviceKey":"${R}","private_key":"${R}"}`);
    expect(redact('AI_SERVICE_KEY=0123456789abcdef npm run ai')).toBe(`AI_SERVICE_KEY=${R} npm run ai`);
    // `key` alone: an API key goes, an object key stays
    expect(redact('GET https://maps.example.com/api?key=AIzaSyA-0123456789&q=x')).toBe(`GET https://maps.example.com/api?key=${R}&q=x`);
    expect(redact('{"key":"AIzaSyA-0123456789","name":"maps"}')).toBe(`{"key":"${R}","name":"maps"}`);
    for (const plain of ['{"key":"user/7/logs/2026-11-26/1.zip","sizeBytes":3}', '/core/obs/url?key=dataset/3/a.jpg', 'cacheKey=dataset/3/a.jpg objectKey=abc fileKey=xyz']) expect(redact(plain)).toBe(plain);
  });

  it('is linear: large messages and many records stay fast, adversarial ones too', () => {
    const long = 'a'.repeat(64 * 1024);
    const keys = 'password="'.repeat(6000);
    const backslashes = '\\'.repeat(60_000) + '"token":"x"';
    const started = performance.now();
    const urls = '://a:'.repeat(12_000) + 'b'.repeat(60_000);
    const keyParams = '&key='.repeat(12_000) + '?key=' + 'c'.repeat(60_000);
    const quotedKeys = '"key":"'.repeat(9000);
    for (const t of [long, keys, backslashes, `x-token: ${'b'.repeat(60_000)}`, urls, keyParams, quotedKeys, `https://${'u'.repeat(60_000)}`]) redact(t);
    // quadratic scanning of these would take minutes; the bound leaves room for a busy machine
    expect(performance.now() - started).toBeLessThan(3000);
    const messages = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 0 ? `GET /core/task?id=${i}&token=t${i}` : `opened task subject ${i} of task 3`));
    const t0 = performance.now();
    for (const m of messages) redact(m);
    const perSecond = messages.length / ((performance.now() - t0) / 1000);
    // the log store takes about 200,000 records/s; redaction runs near 1,000,000 on an idle machine
    expect(perSecond).toBeGreaterThan(50_000);
  });
});

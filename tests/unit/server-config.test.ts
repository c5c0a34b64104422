import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';

describe('server configuration', () => {
  it('has embedded defaults: loopback, port 8610, ./data, SQLite, local disk', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8610, dataDir: path.resolve('./data'), databaseUrl: null, s3: null });
  });

  it('takes HOST, PORT, DATA_DIR, DATABASE_URL and the S3 settings from the environment', () => {
    const c = loadConfig({
      HOST: '0.0.0.0', PORT: '9000', DATA_DIR: '/srv/annot', DATABASE_URL: 'postgres://u@db/annot',
      S3_ENDPOINT: 'http://rgw:7480', S3_ACCESS_KEY: 'ak', S3_SECRET_KEY: 'sk', S3_BUCKET: 'b1', S3_ROOT_PREFIX: '/team-a/',
    });
    expect(c).toMatchObject({ host: '0.0.0.0', port: 9000, dataDir: '/srv/annot', databaseUrl: 'postgres://u@db/annot' });
    expect(c.s3).toMatchObject({ endpoint: 'http://rgw:7480', bucket: 'b1', forcePathStyle: true, rootPrefix: 'team-a', roleArn: null });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).maxUploadBytes).toBe(5 * 1024 ** 3);
    expect(loadConfig({ MAX_UPLOAD_BYTES: '1048576' }).maxUploadBytes).toBe(1048576);
  });

  it('says which setting is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '5GB' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://x', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' })).toThrow(/S3_BUCKET is required/);
    // A weak or mistyped URL-signing secret is refused at start, never used as it is.
    for (const bad of ['secret', 'ab'.repeat(16), 'zz'.repeat(32)]) expect(() => loadConfig({ URL_SIGNING_SECRET: bad })).toThrow(/URL_SIGNING_SECRET must be 64 hex characters/);
    expect(loadConfig({ URL_SIGNING_SECRET: 'Ab'.repeat(32) }).urlSigningSecret).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(loadConfig({}).urlSigningSecret).toBeNull();
  });
});

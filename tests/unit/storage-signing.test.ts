import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigningSecret, SIGNING_KEY_FILE, UrlSigner } from '../../src-server/storage/signedUrl';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-sign-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('embedded-mode URL signing', () => {
  const signer = new UrlSigner(Buffer.alloc(32, 7));
  const key = 'dataset/1/a.png';
  const expires = 2_000_000_000;

  it('accepts its own signature until the expiry', () => {
    const sig = signer.sign(key, expires);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.verify(key, expires, sig, expires * 1000 - 1)).toBe('valid');
    expect(signer.verify(key, expires, sig, expires * 1000)).toBe('expired');
  });

  it('refuses any change of key, expiry or signature, and another secret\'s signature', () => {
    const sig = signer.sign(key, expires);
    const now = 0;
    expect(signer.verify('dataset/1/b.png', expires, sig, now)).toBe('invalid');
    expect(signer.verify(key, expires + 1, sig, now)).toBe('invalid');
    expect(signer.verify(key, expires, sig.replace(/^./, (c) => (c === '0' ? '1' : '0')), now)).toBe('invalid');
    expect(signer.verify(key, expires, sig.slice(0, 62), now)).toBe('invalid');
    expect(new UrlSigner(Buffer.alloc(32, 8)).verify(key, expires, sig, now)).toBe('invalid');
    // an expired URL whose expiry was pushed forward is tampered, not merely expired
    expect(signer.verify(key, expires + 3600, sig, expires * 1000 + 1)).toBe('invalid');
  });

  it('makes the secret once, mode 600, and reads the same one afterwards', () => {
    const dir = path.join(tempDir(), 'nested');
    const first = loadOrCreateSigningSecret(dir);
    expect(first).toHaveLength(32);
    const file = path.join(dir, SIGNING_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSigningSecret(dir).equals(first)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([SIGNING_KEY_FILE]);
  });

  it('refuses a damaged key file rather than sign with it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SIGNING_KEY_FILE), 'short');
    expect(() => loadOrCreateSigningSecret(dir)).toThrow(/not a URL signing key/);
  });
});

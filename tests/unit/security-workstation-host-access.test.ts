import { describe, expect, it } from 'vitest';
import { HostAccess, hostNamesFor, publicOriginsOf, secretMatches } from '../../src-main/hosts/nodeHostAccess';

/**
 * Who the browser host answers (issue 15): its own names on its own port (DNS rebinding gives
 * the attacker's name), its own origin or none, and the per-start secret.
 */
const SECRET = 's'.repeat(43);
const loopback = new HostAccess(SECRET, hostNamesFor('127.0.0.1'), () => 8620);

describe('the browser host\'s access check', () => {
  it('takes the loopback names on its port, and no other name or port', () => {
    for (const host of ['127.0.0.1:8620', 'localhost:8620', 'LOCALHOST:8620', '[::1]:8620']) expect(loopback.hostAllowed(host), host).toBe(true);
    for (const host of ['attacker.example:8620', 'localhost.attacker.example:8620', '127.0.0.1:8621', '127.0.0.1', '127.0.0.1:8620@evil', '', undefined]) {
      expect(loopback.hostAllowed(host), String(host)).toBe(false);
    }
  });

  it('takes its own origin or none, never another site, another port, https or "null"', () => {
    expect(loopback.originAllowed(undefined)).toBe(true);
    expect(loopback.originAllowed('http://127.0.0.1:8620')).toBe(true);
    expect(loopback.originAllowed('http://localhost:8620')).toBe(true);
    for (const origin of ['http://attacker.example', 'http://127.0.0.1:3000', 'https://127.0.0.1:8620', 'null', 'http://127.0.0.1:8620/path', 'garbage']) {
      expect(loopback.originAllowed(origin), origin).toBe(false);
    }
  });

  it('answers forbidden for a wrong name or origin before it looks at the secret, locked for a wrong secret', () => {
    expect(loopback.check({ host: 'attacker.example:8620', origin: undefined, secret: SECRET })).toBe('forbidden');
    expect(loopback.check({ host: '127.0.0.1:8620', origin: 'http://attacker.example', secret: SECRET })).toBe('forbidden');
    expect(loopback.check({ host: '127.0.0.1:8620', origin: undefined, secret: undefined })).toBe('locked');
    expect(loopback.check({ host: '127.0.0.1:8620', origin: undefined, secret: `${SECRET}x` })).toBe('locked');
    expect(loopback.check({ host: '127.0.0.1:8620', origin: 'http://127.0.0.1:8620', secret: SECRET })).toBe('ok');
    expect(secretMatches(['not', 'a', 'string'], SECRET)).toBe(false);
  });

  it('on a network, takes the listening address and the names the operator adds, still not a rebinding name', () => {
    const lan = new HostAccess(SECRET, hostNamesFor('192.168.1.20', ['annot.lan']), () => 8620);
    expect(lan.hostAllowed('192.168.1.20:8620')).toBe(true);
    expect(lan.hostAllowed('annot.lan:8620')).toBe(true);
    expect(lan.hostAllowed('attacker.example:8620')).toBe(false);
  });

  it('behind a TLS proxy, takes the page of the origin it serves the host under, and still nothing else', () => {
    const proxied = new HostAccess(SECRET, hostNamesFor('127.0.0.1'), () => 8620, publicOriginsOf('https://annot.example.com, https://annot.example.com:8443'));
    // What the browser sends through the proxy: its Host and Origin, https.
    expect(proxied.check({ host: 'annot.example.com', origin: 'https://annot.example.com', secret: SECRET })).toBe('ok');
    expect(proxied.check({ host: 'annot.example.com:8443', origin: 'https://annot.example.com:8443', secret: SECRET })).toBe('ok');
    expect(proxied.check({ host: 'annot.example.com', origin: 'https://annot.example.com', secret: undefined })).toBe('locked');
    // The same name over http, another port, another name, a look-alike: refused.
    for (const origin of ['http://annot.example.com', 'https://annot.example.com:444', 'https://evil.example.com', 'https://annot.example.com.evil.example']) {
      expect(proxied.originAllowed(origin), origin).toBe(false);
    }
    expect(proxied.hostAllowed('annot.example.com.evil.example')).toBe(false);
    expect(proxied.hostAllowed('annot.example.com:444')).toBe(false);
    // The loopback page keeps working beside it.
    expect(proxied.check({ host: '127.0.0.1:8620', origin: 'http://127.0.0.1:8620', secret: SECRET })).toBe('ok');
  });

  it('refuses a WEB_PUBLIC_ORIGIN that is not a bare http(s) origin, saying what to give', () => {
    expect(publicOriginsOf(undefined)).toEqual([]);
    expect(publicOriginsOf('https://Annot.Example.com/')).toEqual(['https://annot.example.com']);
    for (const bad of ['annot.example.com', 'https://annot.example.com/workstation', 'ftp://annot.example.com', 'https://user:pw@annot.example.com']) {
      expect(() => publicOriginsOf(bad), bad).toThrow(/WEB_PUBLIC_ORIGIN .* is not an origin: give scheme, name and port only/);
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, OutboundAllowList } from '../../src-server/outbound/addressPolicy';
import { guardedAgent } from '../../src-server/outbound/guardedAgent';
import { boundedCall, OutboundFailure } from '../../src-server/outbound/boundedCall';

/** Every way the probe (and more) wrote an internal address, as a URL's host. */
const INTERNAL_HOSTS = [
  '127.0.0.1', '2130706433', '0x7f.1', '0x7f000001', '017700000001', '127.1', '127.0.1', '0.0.0.0', '0',
  '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', '[0:0:0:0:0:0:0:1]', '[::]',
  '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '[::ffff:a9fe:a9fe]', '100.100.100.200', '100.64.0.1',
  '[fd00:ec2::254]', '[fe80::1]', '224.0.0.1', '255.255.255.255', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '192.0.2.1',
];

const hostOf = (h: string) => new URL(`http://${h}/`).hostname;

describe('the outbound address policy', () => {
  it('refuses every spelling of loopback, private, link-local, metadata and multicast addresses', () => {
    for (const h of INTERNAL_HOSTS) expect(isPublicAddress(hostOf(h)), h).toBe(false);
  });

  it('lets public addresses through', () => {
    for (const h of ['8.8.8.8', '1.1.1.1', '[2001:4860:4860::8888]', '93.184.216.34']) expect(isPublicAddress(hostOf(h)), h).toBe(true);
  });

  it('reads the operator\'s exceptions: addresses, networks, names, ports', () => {
    const allow = OutboundAllowList.parse('10.0.5.0/24, gpu.corp.example:8000, [fd00::7]:9000, 127.0.0.1:7410');
    expect(allow.permits('10.0.5.9', '10.0.5.9', 80)).toBe(true);
    expect(allow.permits('10.0.6.9', '10.0.6.9', 80)).toBe(false);
    expect(allow.permits('GPU.corp.example', '10.9.9.9', 8000)).toBe(true);
    expect(allow.permits('gpu.corp.example', '10.9.9.9', 8001)).toBe(false);
    expect(allow.permits('[fd00::7]', 'fd00::7', 9000)).toBe(true);
    expect(allow.permits('[fd00::7]', 'fd00::7', 9001)).toBe(false);
    expect(allow.permits('127.0.0.1', '127.0.0.1', 7410)).toBe(true);
    // The same address under another spelling is the same address.
    expect(allow.permits('x', '::ffff:127.0.0.1', 7410)).toBe(true);
    expect(allow.permits('127.0.0.1', '127.0.0.1', 7411)).toBe(false);
    expect(() => OutboundAllowList.parse('10.0.0.0/99')).toThrow(/AI_SERVICE_ALLOWED_HOSTS/);
    expect(() => OutboundAllowList.parse('host:99999')).toThrow(/port/);
    expect(OutboundAllowList.parse('').entries).toEqual([]);
  });
});

describe('the address-checking agent', () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.setHeader('content-type', 'application/json');
      res.end('{"code":"x","message":"internal secret"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const kindOf = async (url: string, agent: ReturnType<typeof guardedAgent>) => {
    try {
      await boundedCall(url, { method: 'GET', timeoutMs: 5_000, maxBytes: 1024, dispatcher: agent });
      return 'reached';
    } catch (e) {
      return e instanceof OutboundFailure ? e.kind : String(e);
    }
  };

  it('never connects to an internal address, however it is written, and says only that it refused', async () => {
    const agent = guardedAgent(OutboundAllowList.parse(''));
    for (const h of ['127.0.0.1', '2130706433', '0x7f.1', '127.1', '0.0.0.0', '[::ffff:127.0.0.1]', '[::1]', 'localhost']) {
      expect(await kindOf(`http://${h}:${port}/any/path`, agent), h).toBe('addressRefused');
    }
    expect(hits).toBe(0);
    await agent.close();
  });

  it('judges names by what they resolve to at each connection: a rebound name is refused', async () => {
    // The operator allowed the service's address and port; the name first resolves there, then elsewhere on loopback.
    const answers = ['127.0.0.1', '127.0.0.2'];
    let asked = 0;
    const resolve = ((_host: string, _o: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) => cb(null, [{ address: answers[Math.min(asked++, 1)]!, family: 4 }])) as unknown as typeof dns.lookup;
    const agent = guardedAgent(OutboundAllowList.parse(`127.0.0.1:${port}`), { resolve });
    const before = hits;
    expect(await kindOf(`http://gpu.rebind.example:${port}/health`, agent)).toBe('reached');
    await agent.close();
    const again = guardedAgent(OutboundAllowList.parse(`127.0.0.1:${port}`), { resolve });
    expect(await kindOf(`http://gpu.rebind.example:${port}/health`, again)).toBe('addressRefused');
    expect(hits).toBe(before + 1);
    await again.close();
  });

  it('refuses a name with any internal address among its answers', async () => {
    const resolve = ((_host: string, _o: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) =>
      cb(null, [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }])) as unknown as typeof dns.lookup;
    const agent = guardedAgent(OutboundAllowList.parse(''), { resolve });
    expect(await kindOf(`http://mixed.example:${port}/`, agent)).toBe('addressRefused');
    await agent.close();
  });
});

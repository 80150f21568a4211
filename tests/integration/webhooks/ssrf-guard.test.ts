import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWebhookAdmin } from '../../../lib/webhooks/webhook-admin';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';

/** A TCP listener on IPv4 and IPv6 loopback that counts every connection made to it. */
async function startTrap(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const servers = [net.createServer(), net.createServer()];
  for (const s of servers) s.on('connection', (socket) => (connections++, socket.destroy()));
  await new Promise<void>((resolve) => servers[0]!.listen(0, '127.0.0.1', resolve));
  const port = (servers[0]!.address() as net.AddressInfo).port;
  await new Promise<void>((resolve, reject) => {
    servers[1]!.once('error', reject);
    servers[1]!.listen(port, '::1', resolve);
  }).catch(() => undefined); // no IPv6 loopback here: the IPv4 trap still counts
  return {
    port,
    connections: () => connections,
    close: async () => {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}

/**
 * Every spelling of "our own network" a tenant might give as its webhook URL, by port `p` of a trap
 * listening on loopback. The IPv6 forms are the ones the attack report found passing before ipaddr.js.
 */
const hostileUrls = (p: number) => [
  `https://127.0.0.1:${p}/`,
  `https://2130706433:${p}/`, // decimal
  `https://0x7f.0.0.1:${p}/`, // hex
  `https://0177.0.0.1:${p}/`, // octal
  `https://localhost:${p}/`,
  `https://169.254.169.254:${p}/latest/meta-data`,
  `https://[::1]:${p}/`,
  `https://[::ffff:127.0.0.1]:${p}/`, // IPv4-mapped
  `https://[::127.0.0.1]:${p}/`, // IPv4-compatible ::/96, stored as [::7f00:1]
  `https://[::7f00:1]:${p}/`,
  `https://[2002:7f00:1::]:${p}/`, // 6to4 of 127.0.0.1
  `https://[2002:a00:1::1]:${p}/`, // 6to4 of 10.0.0.1
  `https://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${p}/`, // Teredo (client 127.0.0.1, obfuscated)
  `https://[2001::7f00:1]:${p}/`, // Teredo prefix
  `https://[64:ff9b::7f00:1]:${p}/`, // NAT64 of 127.0.0.1
  `https://[64:ff9b::127.0.0.1]:${p}/`,
  `https://[fd00:ec2::254]:${p}/`, // unique local (cloud metadata over IPv6)
  `https://[fe80::1]:${p}/`, // link-local
];

describe.each(TEST_ENGINES)('webhook SSRF guard on %s', (engine) => {
  let t: TestApi;
  let trap: Awaited<ReturnType<typeof startTrap>>;
  beforeAll(async () => {
    t = await startTestApi(engine, {
      env: { LOCUS_WEBHOOK_ALLOW_PRIVATE: '0', LOCUS_WEBHOOK_HTTP_HOSTS: '' },
    });
    trap = await startTrap();
  });
  afterAll(async () => {
    await t.close();
    await trap.close();
  });

  it('refuses every private spelling when the URL is saved, saying why', async () => {
    for (const url of hostileUrls(trap.port)) {
      const reply = await t.request('PUT', '/api/v2/admin/webhook', { url, event_types: ['verification'] });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json<{ errors: string[] }>().errors.join(' '), url).toMatch(/non-public address/);
    }
    expect((await t.request('GET', '/api/v2/admin/webhook')).statusCode).toBe(404);
  });

  it('refuses them again at delivery, when a URL got stored anyway (saved while private addresses were allowed)', async () => {
    // The operator allowed private receivers once, then turned the switch off: what was saved must not be called.
    const permissive = makeWebhookAdmin({
      db: t.runtime.db,
      clock: t.clock,
      newId: () => crypto.randomUUID(),
      env: { LOCUS_WEBHOOK_ALLOW_PRIVATE: '1' },
    });
    for (const url of hostileUrls(trap.port)) {
      await permissive.configure(t.tenant.tenant_id, { url, event_types: ['verification'] });
      const reply = await t.request('POST', '/api/v2/admin/webhook/test');
      expect(reply.statusCode, url).toBe(200);
      expect(reply.json(), url).toMatchObject({ outcome: 'blocked', status_code: null });
    }
    expect(trap.connections()).toBe(0);
  });
});

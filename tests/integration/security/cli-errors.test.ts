import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../engines';

const LOCUS = 'lib/cli/locus.mjs';
// Each command is a process that loads the CLI (a few seconds on a loaded machine): generous timeouts.

describe('CLI errors', () => {
  let database: TestDatabase;
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [LOCUS, ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: database.url, LOCUS_WEBHOOK_ALLOW_PRIVATE: '0' },
    });
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
  });
  afterAll(() => database.drop());

  it('print one clear line and exit non-zero, never a stack trace', () => {
    const tenant = run('tenant', 'create', '--name', 'cli');
    expect(tenant.status).toBe(0);
    const clientId = JSON.parse(tenant.stdout).client_id as string;
    const cases: [string[], RegExp][] = [
      [
        ['webhook', 'set', '--client-id', clientId, '--url', 'https://[::127.0.0.1]:8443/'],
        /non-public address/,
      ],
      [['webhook', 'set', '--client-id', clientId, '--url', 'http://example.com/'], /must be https/],
      [['webhook', 'show', '--client-id', 'nobody'], /no live credential/],
      [['webhook', 'show', '--client-id', clientId], /no webhook is configured/],
      [['tenant', 'create', '--name', 'x', '--scopes', 'everything'], /unknown scopes/],
      [['tenant', 'global-signals', 'maybe', '--client-id', clientId], /takes on or off/],
    ];
    for (const [args, message] of cases) {
      const result = run(...args);
      expect(result.status, args.join(' ')).not.toBe(0);
      const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(/^locus: /);
      expect(lines[0]).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  }, 180_000);

  it('lets the operator switch a tenant out of global signals and back', () => {
    const clientId = JSON.parse(run('tenant', 'create', '--name', 'switch').stdout).client_id as string;
    for (const value of ['off', 'on']) {
      const result = run('tenant', 'global-signals', value, '--client-id', clientId);
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ global_signals: value });
    }
  }, 90_000);
});

import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { register } from '../../../lib/cli/commands/simulate';
import { APP_KEY, CLIENT_ID, CLIENT_SECRET, startFakeLocus, type FakeLocus } from './fake-locus-server';

let server: FakeLocus;
beforeEach(async () => {
  server = await startFakeLocus();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

async function run(args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const program = new Command().exitOverride();
  register(program);
  await program.parseAsync(['node', 'locus', 'simulate', ...args]);
  vi.restoreAllMocks();
  return { stdout, stderr };
}

const credentials = () => [
  '--base-url',
  server.url,
  '--client-id',
  CLIENT_ID,
  '--client-secret',
  CLIENT_SECRET,
  '--app-key',
  APP_KEY,
];

describe('locus simulate', () => {
  it('prints progress to stderr and one JSON summary line to stdout', async () => {
    const { stdout, stderr } = await run([
      ...credentials(),
      '--devices',
      '20',
      '--seed',
      '3',
      '--days',
      '2',
      '--scenarios',
      'emulator,device_farm',
    ]);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0]!) as {
      installations: number;
      by_scenario: Record<string, unknown>;
      seed: string;
    };
    expect(summary.installations).toBe(20);
    expect(summary.seed).toBe('3');
    expect(Object.keys(summary.by_scenario)).toEqual(expect.arrayContaining(['emulator', 'device_farm']));
    expect(Object.keys(summary.by_scenario)).not.toContain('gps_spoofing');
    expect(stderr).toContain('simulate: 100% (20/20)');
    expect(server.problems).toEqual([]);
  });

  it('rejects an unknown scenario', async () => {
    await expect(run([...credentials(), '--scenarios', 'teleportation'])).rejects.toThrow(/unknown scenario/);
  });
});

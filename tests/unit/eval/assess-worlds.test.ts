import { describe, expect, it } from 'vitest';
import { assessWorlds } from '../../../lib/eval/assess-worlds';
import { worldRuns } from '../../../lib/eval/world-config';

describe('assessing several worlds', { timeout: 300_000 }, () => {
  it('gives the same rows in worker threads as in this thread, with progress from each world', async () => {
    const runs = worldRuns(['africa_cell', 'iberia_late'], 'threads', 8);
    const lines: string[] = [];
    const threaded = await assessWorlds(runs, (line) => lines.push(line), 2);
    const inline = await assessWorlds(runs, () => undefined, 1);
    expect([...threaded.keys()]).toEqual(['africa_cell', 'iberia_late']);
    expect(threaded.get('africa_cell')!.length).toBeGreaterThan(5);
    expect(JSON.stringify([...threaded])).toBe(JSON.stringify([...inline]));
    for (const world of ['africa_cell', 'iberia_late'])
      expect(lines.some((l) => l.includes(world) && l.includes('done in'))).toBe(true);
  });
});

import { Worker } from 'node:worker_threads';
import type { AssessedRow } from './assessed-row';
import { assessWorld } from './assess-world';
import type { WorldRun } from './world-config';

function inWorker(run: WorldRun, label: string, log: (line: string) => void): Promise<AssessedRow[]> {
  return new Promise((resolve, reject) => {
    // A worker thread does not inherit the TypeScript loader the CLI registered: register tsx in it first.
    const job = new URL('./assess-world-job.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(job)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { run, label } });
    worker.on('message', (m: { log?: string; rows?: AssessedRow[] }) => {
      if (m.log !== undefined) log(m.log);
      if (m.rows) resolve(m.rows);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${label}: worker exited with code ${code}`));
    });
  });
}

/**
 * Every world of `runs`, each generated and assessed on its own throw-away database: in this thread one
 * after the other (`jobs` 1), or in up to `jobs` worker threads at once.
 */
export async function assessWorlds(
  runs: readonly WorldRun[],
  log: (line: string) => void,
  jobs = 1,
): Promise<Map<string, AssessedRow[]>> {
  const results: AssessedRow[][] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < runs.length; i = next++) {
      const label = `[${i + 1}/${runs.length}] ${runs[i]!.world}`;
      results[i] = jobs > 1 ? await inWorker(runs[i]!, label, log) : await assessWorld(runs[i]!, label, log);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, runs.length)) }, lane));
  return new Map(runs.map((run, i) => [run.world, results[i]!]));
}

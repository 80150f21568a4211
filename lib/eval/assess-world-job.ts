import { parentPort, workerData } from 'node:worker_threads';
import { assessWorld } from './assess-world';
import type { WorldRun } from './world-config';

/** Worker thread entry of assess-worlds.ts: one world, progress lines and then the rows back to the parent. */
const { run, label } = workerData as { run: WorldRun; label: string };
const rows = await assessWorld(run, label, (line) => parentPort?.postMessage({ log: line }));
parentPort?.postMessage({ rows });

import { readFileSync } from 'node:fs';
import { processTree } from './rss-sampler';

/** Linux `getconf CLK_TCK`: utime and stime in /proc/<pid>/stat count these ticks per second. */
const TICKS_PER_S = 100;

/** CPU seconds (user + system) of one process, or null once it is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** CPU seconds a set of processes spent between `start()` and `stop()`. */
export interface CpuMeter {
  start(): Promise<void>;
  stop(): Promise<number>;
}

/**
 * Meters the CPU of the processes `pids()` names (re-read on every call: a server's cluster members,
 * PostgreSQL's backends of one database). A process that appears later counts from its first sight;
 * one that exits takes its last reading with it, so keep the set stable across a measurement.
 */
export function meterCpu(pids: () => Promise<number[]> | number[]): CpuMeter {
  let base = new Map<number, number>();
  const read = async () => {
    const now = new Map<number, number>();
    for (const pid of await pids()) {
      const s = cpuSeconds(pid);
      if (s !== null) now.set(pid, s);
    }
    return now;
  };
  return {
    async start() {
      base = await read();
    },
    async stop() {
      const now = await read();
      let total = 0;
      for (const [pid, s] of now) total += s - (base.get(pid) ?? s);
      return total;
    },
  };
}

/** A server process and its descendants (a clustered `locus serve`). */
export const serverProcesses = (pid: number) => () => processTree(pid);

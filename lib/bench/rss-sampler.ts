import { readFileSync } from 'node:fs';

const SAMPLE_EVERY_MS = 200;

/** Resident memory of a child process and its children, sampled from /proc (Linux); MiB, null where /proc is absent. */
export interface RssSampler {
  /** Highest VmRSS seen since the last `phasePeak()` call, then starts a new phase. */
  phasePeak(): number | null;
  /** The kernel's own high-water mark (VmHWM) for the whole life of the process. */
  lifetimePeak(): number | null;
  stop(): void;
}

function readStatusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The process and its descendants: a clustered server's memory is the sum of its processes. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    try {
      const children = readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8').trim();
      if (children) tree.push(...children.split(/\s+/).map(Number));
    } catch {
      // The process ended between two reads.
    }
  }
  return tree;
}

function sumOver(pids: number[], field: 'VmRSS' | 'VmHWM'): number | null {
  const values = pids.map((p) => readStatusMiB(p, field)).filter((v): v is number => v !== null);
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
}

export function sampleRss(pid: number): RssSampler {
  let phase: number | null = null;
  let lastHwm: number | null = null;
  const sample = () => {
    const pids = processTree(pid);
    const rss = sumOver(pids, 'VmRSS');
    if (rss !== null) phase = Math.max(phase ?? 0, rss);
    // Summed per-process high-water marks: an upper bound of the tree's peak.
    lastHwm = Math.max(lastHwm ?? 0, sumOver(pids, 'VmHWM') ?? 0) || lastHwm;
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  timer.unref();
  return {
    phasePeak() {
      sample();
      const peak = phase;
      phase = null;
      return peak;
    },
    lifetimePeak() {
      sample();
      return lastHwm;
    },
    stop: () => clearInterval(timer),
  };
}

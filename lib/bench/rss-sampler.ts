import { readFileSync } from 'node:fs';

const SAMPLE_EVERY_MS = 200;

/** Resident memory of a child process, sampled from /proc (Linux); figures are MiB, null where /proc is absent. */
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

export function sampleRss(pid: number): RssSampler {
  let phase: number | null = null;
  let lastHwm: number | null = null;
  const sample = () => {
    const rss = readStatusMiB(pid, 'VmRSS');
    if (rss !== null) phase = Math.max(phase ?? 0, rss);
    lastHwm = readStatusMiB(pid, 'VmHWM') ?? lastHwm;
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

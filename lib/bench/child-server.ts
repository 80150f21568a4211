import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { meterCpu, serverProcesses, type CpuMeter } from './cpu-sampler';
import { sampleRss, type RssSampler } from './rss-sampler';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** A server under test running in its own process, so that its CPU and memory are its own. */
export interface ChildServer {
  url: string;
  pid: number;
  rss: RssSampler;
  /** CPU of the server process and its children (a clustered server). */
  cpu: CpuMeter;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` and waits for the JSON line it prints once listening (`{"api_url": …}` from `locus serve`,
 * `{"url": …}` from the baseline; `ready` reads another line, e.g. `locus worker`'s, and returns the URL or '').
 * Its stderr goes to ours, prefixed with `label`.
 */
export async function startChildServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  ready: (line: string) => string | null = listeningUrl,
): Promise<ChildServer> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixLines(child, label);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${label}: not listening after ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`${label}: exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = ready(line);
      if (found === null) return;
      clearTimeout(timer);
      resolve(found);
    });
  });
  const pid = child.pid!;
  const rss = sampleRss(pid);
  return { url, pid, rss, cpu: meterCpu(serverProcesses(pid)), stop: () => stopChild(child, rss) };
}

function listeningUrl(line: string): string | null {
  if (!line.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(line) as { api_url?: unknown; url?: unknown };
    const url = parsed.api_url ?? parsed.url;
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

function prefixLines(child: ChildProcess, label: string): void {
  createInterface({ input: child.stderr! }).on('line', (line) =>
    process.stderr.write(`[${label}] ${line}\n`),
  );
}

async function stopChild(child: ChildProcess, rss: RssSampler): Promise<void> {
  rss.stop();
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

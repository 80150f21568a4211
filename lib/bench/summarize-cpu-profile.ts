// `tsx lib/bench/summarize-cpu-profile.ts <file.cpuprofile> [top]` — where a V8 CPU profile spends its time:
// self time by function and by file (repository files relative, packages by name), for BENCHMARKS.md findings.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topText] = process.argv.slice(2);
if (!file) throw new Error('usage: summarize-cpu-profile <file.cpuprofile> [top]');
const top = Number(topText ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return '(native/VM)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  const repo = /\/(lib|app|components)\/(.*)$/.exec(url);
  if (repo) return `${repo[1]}/${repo[2]}`;
  return url.replace(/^node:/, 'node:');
}

function add(map: Map<string, number>, key: string, us: number): void {
  map.set(key, (map.get(key) ?? 0) + us);
}

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const place = where(node.callFrame.url);
  add(
    byFunction,
    `${node.callFrame.functionName || '(anonymous)'} ${place}:${node.callFrame.lineNumber + 1}`,
    us,
  );
  add(byFile, place, us);
}

// Inclusive time of our own functions (lib/, app/, components/): a sample counts once for each of them on its stack.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)!.callFrame;
    const place = where(frame.url);
    if (!/^(lib|app|components)\//.test(place)) continue;
    const key = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    seen.add(key);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
};
print('self time by file/package', byFile);
print('self time by function', byFunction);
print('inclusive time of repository functions', inclusive);

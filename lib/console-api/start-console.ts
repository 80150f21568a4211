/**
 * Runs the console as a Next.js production server beside the API, its sockets limited as the API's
 * are (used by `locus demo` / `locus serve --console` and by the e2e tests). Builds first when no build
 * exists: that takes a few minutes on two cores, so progress is printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StartConsoleOptions {
  port: number;
  apiUrl: string;
  authSecret: string;
  host?: string;
  /** Extra environment for the console process (MAP_STYLE_URL, AUTH_OIDC_*, …). */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Rebuild when sources changed since the last build (tests); a plain start only builds when none exists. */
  rebuildIfStale?: boolean;
}

const CONSOLE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NEXT_BIN = path.join(CONSOLE_ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
const CONSOLE_SERVER = path.join(CONSOLE_ROOT, 'lib', 'console-api', 'console-server.ts');

function consoleBuildExists(root = CONSOLE_ROOT): boolean {
  return fs.existsSync(path.join(root, '.next', 'BUILD_ID'));
}

/** True when a source of the console changed after the last build (tests rebuild then). */
function consoleBuildStale(root = CONSOLE_ROOT): boolean {
  const built = fs.statSync(path.join(root, '.next', 'BUILD_ID')).mtimeMs;
  const newer = (dir: string): boolean =>
    fs.existsSync(dir) &&
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newer(full) : fs.statSync(full).mtimeMs > built;
    });
  return ['app', 'components', 'lib/console-api', 'lib/contracts', 'public'].some((d) =>
    newer(path.join(root, d)),
  );
}

/** `next build`, with its output forwarded line by line. */
async function buildConsole(log: (line: string) => void = console.log): Promise<void> {
  log('console: building the Next.js production bundle (first start only; a few minutes on 2 cores)…');
  const child = spawn(process.execPath, [NEXT_BIN, 'build'], {
    cwd: CONSOLE_ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forwardLines(child, (line) => log(`console build: ${line}`));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`next build failed with exit code ${code}`);
}

/** AUTH_SECRET from the environment, else one generated once and kept in `<dataDir>/console-auth-secret`. */
export function loadOrCreateAuthSecret(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(dataDir, 'console-auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Builds the console when no build exists (or, for tests, when it is stale); true when it built.
 * `locus demo` starts this at once, so that the build runs alongside migrations and seeding instead of
 * after them.
 */
export async function ensureConsoleBuild(
  options: Pick<StartConsoleOptions, 'log' | 'rebuildIfStale'> = {},
): Promise<boolean> {
  if (consoleBuildExists() && !(options.rebuildIfStale && consoleBuildStale())) return false;
  await buildConsole(options.log ?? console.log);
  return true;
}

export async function startConsole(
  options: StartConsoleOptions,
): Promise<{ url: string; stop(): Promise<void> }> {
  const log = options.log ?? console.log;
  await ensureConsoleBuild(options);
  const host = options.host ?? '127.0.0.1';
  // Our own server around Next's handler (console-server.ts): `next start` has no socket time limits.
  const child = spawn(process.execPath, ['--import', 'tsx', CONSOLE_SERVER, String(options.port), host], {
    cwd: CONSOLE_ROOT,
    env: {
      ...process.env,
      ...options.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      LOCUS_API_URL: options.apiUrl,
      AUTH_SECRET: options.authSecret,
      AUTH_TRUST_HOST: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forwardLines(child, (line) => log(`console: ${line}`));
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${options.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await waitUntilServing(`${url}/sign-in`, exited);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitUntilServing(url: string, exited: Promise<number | null>): Promise<void> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (stopped) throw new Error('the console process exited during start-up');
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the console did not answer at ${url} within 60 s`);
}

function forwardLines(child: ChildProcess, log: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) log(line.trimEnd());
    });
  }
}

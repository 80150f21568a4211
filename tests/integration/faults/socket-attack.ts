import net from 'node:net';

export type Behaviour = 'idle' | 'header drip' | 'body drip' | 'kept alive';

export interface Attack {
  behaviour: Behaviour;
  /** When its deadline started: connected, or (kept alive) answered. */
  openedAt: number;
  closedAt: number | null;
}

export interface SocketLimitsUnderTest {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** The deadline each behaviour runs into. */
export function deadlines(limits: SocketLimitsUnderTest): Record<Behaviour, number> {
  return {
    idle: limits.headersTimeoutMs,
    'header drip': limits.headersTimeoutMs,
    'body drip': limits.requestTimeoutMs,
    // node:http closes an idle kept-alive socket a second after keepAliveTimeout (its race guard).
    'kept alive': limits.keepAliveTimeoutMs + 1_000,
  };
}

/**
 * One hostile connection to `port` from `source` (a loopback address of its own, so that the
 * per-source cap counts it apart from ordinary clients on 127.0.0.1). Drips go to `postPath`; the
 * kept-alive one asks `getPath` once and then says nothing.
 */
export function attack(
  target: { port: number; postPath: string; getPath: string },
  source: string,
  behaviour: Behaviour,
): Promise<Attack> {
  return new Promise((resolve) => {
    const record: Attack = { behaviour, openedAt: 0, closedAt: null };
    const socket = net.connect({ port: target.port, host: '127.0.0.1', localAddress: source });
    let drip: NodeJS.Timeout | null = null;
    socket.on('error', () => undefined);
    // Read what the server sends (a 408, then its FIN): a paused socket would never notice the close.
    socket.resume();
    socket.once('connect', () => {
      record.openedAt = Date.now();
      if (behaviour === 'header drip') {
        socket.write(`POST ${target.postPath} HTTP/1.1\r\nHost: x\r\n`);
        drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 500);
      } else if (behaviour === 'body drip') {
        socket.write(
          `POST ${target.postPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{`,
        );
        drip = setInterval(() => socket.write(' '), 500);
      } else if (behaviour === 'kept alive') {
        socket.write(`GET ${target.getPath} HTTP/1.1\r\nHost: x\r\n\r\n`);
        socket.once('data', () => (record.openedAt = Date.now()));
      }
      resolve(record);
    });
    socket.once('close', () => {
      if (drip) clearInterval(drip);
      record.closedAt = Date.now();
    });
  });
}

/** `count` attacks in waves of 100 (a thousand SYNs at once would overflow the listen backlog). */
export async function attackInWaves(
  target: Parameters<typeof attack>[0],
  count: number,
  behaviours: readonly Behaviour[],
  sources: readonly string[],
): Promise<Attack[]> {
  const attacks: Attack[] = [];
  for (let start = 0; start < count; start += 100) {
    const wave = Array.from({ length: Math.min(100, count - start) }, (_, j) => {
      const i = start + j;
      return attack(
        target,
        sources[i % sources.length] ?? '127.0.0.2',
        behaviours[i % behaviours.length] ?? 'idle',
      );
    });
    attacks.push(...(await Promise.all(wave)));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return attacks;
}

/** Waits until every attack is closed, or `giveUpMs` after the first opened. */
export async function untilClosed(attacks: readonly Attack[], giveUpMs: number): Promise<void> {
  const first = Math.min(...attacks.map((a) => a.openedAt));
  while (attacks.some((a) => a.closedAt === null) && Date.now() - first < giveUpMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The attacks closed later than their deadline plus `slackMs` (or not at all). */
export function closedLate(
  attacks: readonly Attack[],
  limits: SocketLimitsUnderTest,
  slackMs: number,
): Attack[] {
  const deadline = deadlines(limits);
  return attacks.filter(
    (a) => a.closedAt === null || a.closedAt - a.openedAt > deadline[a.behaviour] + slackMs,
  );
}

/** The slowest close per behaviour, for the test's report line. */
export function slowestClose(attacks: readonly Attack[]): Record<string, number> {
  const slowest: Record<string, number> = {};
  for (const a of attacks) {
    const took = a.closedAt === null ? Number.POSITIVE_INFINITY : a.closedAt - a.openedAt;
    slowest[a.behaviour] = Math.max(slowest[a.behaviour] ?? 0, took);
  }
  return slowest;
}

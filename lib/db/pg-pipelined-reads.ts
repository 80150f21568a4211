import pg from 'pg';

/**
 * How many reads one pipelined connection carries at once; the next read goes to the next connection,
 * and to the pool when every one is full. With `STALLED_MS` it bounds what a slow statement (a lock
 * wait, a cold cache) holds up: the reads already written behind it wait for it, no more join them.
 */
export const PIPELINE_DEPTH = 8;

/**
 * A connection that has answered nothing for this long while reads wait on it takes no more: they go
 * to the next connection or the pool. Its reads take 0.1–0.3 ms; 20 ms is a statement stuck, not a
 * queue being worked through (nor, mostly, a backend descheduled on a busy host).
 */
export const STALLED_MS = 20;

/** Pipelined connections per PostgreSQL handle unless connect options say otherwise. */
export const PIPELINED_CONNECTIONS = 2;

/** After a pipelined connection failed to open, reads use the pool alone for this long. */
const REOPEN_DELAY_MS = 1_000;

/** A compiled read as pg sends it: a named prepared statement and its values. */
export interface PipelinedRead {
  name: string;
  text: string;
  values: unknown[];
}

interface Lane {
  client: pg.Client;
  /** Settles once the connection has opened or failed to. */
  opening: Promise<void>;
  open: boolean;
  inFlight: number;
  /** When the connection last answered a read, or was given one while idle (Date.now()). */
  answeredAt: number;
  /** Statements this connection has parsed (answered once without error). */
  parsed: Set<string>;
  /** Statements whose Parse is on its way on this connection. */
  parsing: Set<string>;
}

/**
 * A few PostgreSQL connections in pg's pipeline mode for the compiled reads run on the handle
 * outside any transaction (lib/db/pg-pooled-statements.ts). From concurrent requests, a pooled
 * connection per read means a backend woken, run and put to sleep per statement; on a pipelined
 * connection the reads of many requests are written one behind the other and one backend runs them
 * back to back (ninth session: −54 to −60 µs of backend CPU a read from 10 callers, +3 to +11 of Node).
 *
 * Each read is its own extended-query exchange ending in Sync: an error in one (a bad value, a
 * statement_timeout) fails that read alone. A connection that dies fails every read written on it
 * as a lost connection (database-faults.ts), which the unit of work runs again; the connection is
 * dropped and the next read opens a fresh one, going to the pool until it is open. Only reads: a
 * transaction keeps a connection of its own, and an autocommitted write's commit (a WAL flush) would
 * hold up every read behind it.
 */
export class PipelinedReads {
  private readonly lanes: (Lane | null)[];
  private reopenAt = 0;
  private closed = false;

  constructor(
    /** The pool's connection settings (search_path, statement_timeout, application name, timeouts). */
    private readonly config: pg.ClientConfig,
    connections: number,
    private readonly onConnectionError: (error: Error) => void,
  ) {
    this.lanes = Array.from({ length: connections }, () => null);
  }

  /** Runs `read` on a pipelined connection with room for it, or answers null: the caller uses the pool. */
  run<R extends pg.QueryResultRow>(read: PipelinedRead): Promise<pg.QueryResult<R>> | null {
    const lane = this.laneWithRoom(read.name);
    return lane ? this.runOn<R>(lane, read) : null;
  }

  /** Ends the pipelined connections once the reads written on them are answered. */
  async close(): Promise<void> {
    this.closed = true;
    const open = this.lanes.filter((lane): lane is Lane => lane !== null);
    this.lanes.fill(null);
    // A connection still opening is ended once open: ended before, pg would leave its backend behind.
    await Promise.all(open.map((lane) => lane.opening.then(() => lane.client.end()).catch(() => undefined)));
  }

  /** The number of pipelined connections open now (tests). */
  get openConnections(): number {
    return this.lanes.filter((lane) => lane?.open).length;
  }

  /**
   * The first lane with room for a read of statement `name` (filling one before the next: one
   * backend awake serves most reads). Not a lane whose Parse of `name` is still on its way: pg sends
   * a statement's Parse once per connection and writes the reads behind it without one, so a Parse
   * that fails (a statement_timeout while it waits for a table's lock) would fail them as well, with
   * "prepared statement does not exist".
   */
  private laneWithRoom(name: string): Lane | null {
    let now = 0;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (lane === null || lane === undefined) {
        this.openLane(i);
        continue;
      }
      if (!lane.open || lane.inFlight >= PIPELINE_DEPTH) continue;
      if (!lane.parsed.has(name) && lane.parsing.has(name)) continue;
      if (lane.inFlight > 0) {
        now ||= Date.now();
        if (now - lane.answeredAt > STALLED_MS) continue;
      } else lane.answeredAt = now ||= Date.now();
      return lane;
    }
    return null;
  }

  private async runOn<R extends pg.QueryResultRow>(
    lane: Lane,
    read: PipelinedRead,
  ): Promise<pg.QueryResult<R>> {
    const parsing = !lane.parsed.has(read.name);
    if (parsing) lane.parsing.add(read.name);
    lane.inFlight++;
    try {
      const result = await lane.client.query<R>(read);
      if (parsing) lane.parsed.add(read.name);
      return result;
    } finally {
      if (parsing) lane.parsing.delete(read.name);
      lane.inFlight--;
      lane.answeredAt = Date.now();
    }
  }

  private openLane(index: number): void {
    if (this.closed || Date.now() < this.reopenAt) return;
    const client = new pg.Client({ ...this.config, pipeline: true });
    const lane: Lane = {
      client,
      opening: Promise.resolve(),
      open: false,
      inFlight: 0,
      answeredAt: 0,
      parsed: new Set(),
      parsing: new Set(),
    };
    this.lanes[index] = lane;
    const drop = () => {
      lane.open = false;
      if (this.lanes[index] === lane) this.lanes[index] = null;
    };
    // A terminated backend or a reset socket: pg fails the reads in flight itself; unheard, the event
    // would kill the process.
    client.on('error', (error) => {
      drop();
      this.onConnectionError(error);
    });
    client.on('end', drop);
    lane.opening = client.connect().then(
      () => {
        lane.open = this.lanes[index] === lane;
      },
      (error: unknown) => {
        drop();
        this.reopenAt = Date.now() + REOPEN_DELAY_MS;
        this.onConnectionError(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }
}

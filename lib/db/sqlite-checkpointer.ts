import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the background thread checkpoints the WAL into the database file. The WAL restarts from its
 * start only once a checkpoint has copied every frame; under steady writes (the soak: ~400 commits/s) a
 * checkpoint every second never caught up — frames kept arriving while it copied a second's worth — so
 * the log grew to the fallback threshold and the commit that crossed it checkpointed on the event loop,
 * every 3–4 s (~20 commits a minute over 50 ms, up to 230 ms). A round every 100 ms copies a tenth as
 * much, often finds the log caught up, and leaves the fallback little to copy when it does run.
 */
export const CHECKPOINT_EVERY_MS = 100;
/**
 * Safety net only: should the background thread stop, a connection still checkpoints once the WAL
 * holds this many pages (80 MB), on the event loop, rather than let the WAL grow without bound.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;
/** After a checkpoint has caught up, the WAL file is cut back to this size when it is reused. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

// Plain CommonJS run with `eval`: the thread needs no TypeScript loader.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
let timer = null;
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
  timer = setTimeout(checkpoint, workerData.everyMs);
};
timer = setTimeout(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL database from a thread of its own, on its own connection: an automatic checkpoint
 * runs inside whichever commit crosses the threshold — on the event loop, copying pages and fsyncing
 * the database file (~0.3 ms a signup, many ms for an ingestion batch). PASSIVE never waits for, nor
 * blocks, readers and writers; what it cannot copy yet it copies on the next round. Durability does not
 * change: committed transactions are in the WAL either way.
 */
export function startCheckpointer(
  file: string,
  onError: (message: string) => void,
  everyMs: number = CHECKPOINT_EVERY_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { file, driver, everyMs },
  });
  worker.on('message', (message: { error?: string }) => message.error && onError(message.error));
  worker.on('error', (error) => onError(String(error)));
  worker.unref();
  return {
    stop: async () => {
      // Referenced again, or a process with nothing else to do would exit before the thread does.
      worker.ref();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
    },
  };
}

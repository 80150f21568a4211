import { makeAreaStatsRepo } from './area-stats-repo';
import { makeDeviceHistoryRepo } from './device-history-repo';
import type { Executor } from './executor';
import { makeFeedbackRepo } from './feedback-repo';
import { makeGlobalDeviceRepo } from '../global-signals/global-device-repo';
import { makeFingerprintRepo } from './fingerprint-repo';
import { makeInstallationRepo } from './installation-repo';
import { makeJobRepo } from './job-repo';
import { makeSettingsRepo } from './settings-repo';
import { makeSignupRepo } from './signup-repo';
import { makeStoreRepo } from './store-repo';
import { makeTenantRepo } from './tenant-repo';
import { makeTenantThresholdsRepo } from './tenant-thresholds-repo';
import { makeTransactionRepo } from './transaction-repo';

/** Every repository bound to one connection or transaction. */
export function makeRepos(db: Executor) {
  return {
    tenants: makeTenantRepo(db),
    installations: makeInstallationRepo(db),
    signups: makeSignupRepo(db),
    transactions: makeTransactionRepo(db),
    feedbacks: makeFeedbackRepo(db),
    jobs: makeJobRepo(db),
    settings: makeSettingsRepo(db),
    fingerprints: makeFingerprintRepo(db),
    areaStats: makeAreaStatsRepo(db),
    deviceHistory: makeDeviceHistoryRepo(db),
    globalDevice: makeGlobalDeviceRepo(db),
    stores: makeStoreRepo(db),
    thresholds: makeTenantThresholdsRepo(db),
  };
}
export type Repos = ReturnType<typeof makeRepos>;

const bound = new WeakMap<Executor, Repos>();

/** The repositories of a connection, built once per handle (a request must not rebuild eleven of them). */
export function reposFor(db: Executor): Repos {
  let repos = bound.get(db);
  if (!repos) {
    repos = makeRepos(db);
    bound.set(db, repos);
  }
  return repos;
}

/** Runs `work` in one transaction with repositories bound to it. */
export function inTransaction<T>(db: Executor, work: (repos: Repos) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work(makeRepos(trx)));
}

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

/**
 * Every repository bound to one connection or transaction, each built the first time it is used: a
 * transaction touches three or four of them, and building all thirteen (their closures) on every
 * request was measurable.
 */
class LazyRepos {
  readonly #db: Executor;
  #tenants?: ReturnType<typeof makeTenantRepo>;
  #installations?: ReturnType<typeof makeInstallationRepo>;
  #signups?: ReturnType<typeof makeSignupRepo>;
  #transactions?: ReturnType<typeof makeTransactionRepo>;
  #feedbacks?: ReturnType<typeof makeFeedbackRepo>;
  #jobs?: ReturnType<typeof makeJobRepo>;
  #settings?: ReturnType<typeof makeSettingsRepo>;
  #fingerprints?: ReturnType<typeof makeFingerprintRepo>;
  #areaStats?: ReturnType<typeof makeAreaStatsRepo>;
  #deviceHistory?: ReturnType<typeof makeDeviceHistoryRepo>;
  #globalDevice?: ReturnType<typeof makeGlobalDeviceRepo>;
  #stores?: ReturnType<typeof makeStoreRepo>;
  #thresholds?: ReturnType<typeof makeTenantThresholdsRepo>;

  constructor(db: Executor) {
    this.#db = db;
  }

  get tenants() {
    return (this.#tenants ??= makeTenantRepo(this.#db));
  }
  get installations() {
    return (this.#installations ??= makeInstallationRepo(this.#db));
  }
  get signups() {
    return (this.#signups ??= makeSignupRepo(this.#db));
  }
  get transactions() {
    return (this.#transactions ??= makeTransactionRepo(this.#db));
  }
  get feedbacks() {
    return (this.#feedbacks ??= makeFeedbackRepo(this.#db));
  }
  get jobs() {
    return (this.#jobs ??= makeJobRepo(this.#db));
  }
  get settings() {
    return (this.#settings ??= makeSettingsRepo(this.#db));
  }
  get fingerprints() {
    return (this.#fingerprints ??= makeFingerprintRepo(this.#db));
  }
  get areaStats() {
    return (this.#areaStats ??= makeAreaStatsRepo(this.#db));
  }
  get deviceHistory() {
    return (this.#deviceHistory ??= makeDeviceHistoryRepo(this.#db));
  }
  get globalDevice() {
    return (this.#globalDevice ??= makeGlobalDeviceRepo(this.#db));
  }
  get stores() {
    return (this.#stores ??= makeStoreRepo(this.#db));
  }
  get thresholds() {
    return (this.#thresholds ??= makeTenantThresholdsRepo(this.#db));
  }
}

export function makeRepos(db: Executor) {
  return new LazyRepos(db);
}
export type Repos = LazyRepos;

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

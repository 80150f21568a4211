import type { Executor } from '../../../db/repositories/executor';
import type { Clock } from '../../../domain/clock';
import type { ApiDeps } from '../../api-deps';
import type { ConsoleGuard } from './console-guard';
import type { ConsoleTokens } from './console-token';

/** What every console route file gets: the API's dependencies plus the console's token issuer and guard. */
export interface ConsoleContext {
  db: Executor;
  clock: Clock;
  deps: ApiDeps;
  tokens: () => Promise<ConsoleTokens>;
  guard: ConsoleGuard;
}

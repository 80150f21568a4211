import type { Clock } from '../domain/clock';
import type { Executor } from '../db/repositories/executor';
import type { Geocoder } from '../geocode/types';

/** What use-cases need from the outside world; the composition root wires the real ones. */
export interface UseCaseDeps {
  db: Executor;
  clock: Clock;
  geocoder: Geocoder;
  newId: () => string;
}

/** Who is calling: every use-case is scoped to one tenant. */
export interface TenantScope {
  tenantId: string;
}

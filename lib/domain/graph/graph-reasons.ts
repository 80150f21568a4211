import type { Reason } from '../risk';
import type { AddressDiversity } from './address-diversity';
import type { DeviceGraph } from './device-graph';

/** More than this many accounts, installations or declared addresses/cities/streets/zip codes on one device looks like a farm. */
export const MAX_ACCOUNTS_PER_DEVICE = 3;
export const MAX_INSTALLATIONS_PER_DEVICE = 3;
export const MAX_DECLARED_PER_DEVICE = 3;

/**
 * Device-farm reasons. Local counts decide first; when they are quiet, the same thresholds over other
 * tenants' aggregate counts give the reason with source `global`.
 */
export function graphReasons(graph: DeviceGraph, diversity: AddressDiversity | null): Reason[] {
  const reasons: Reason[] = [];
  if (graph.accountsOnDevice > MAX_ACCOUNTS_PER_DEVICE)
    reasons.push({ code: 'multiple_accounts', source: 'local' });
  else if (graph.global.accounts > MAX_ACCOUNTS_PER_DEVICE)
    reasons.push({ code: 'multiple_accounts', source: 'global' });
  if (graph.installationsOnDevice > MAX_INSTALLATIONS_PER_DEVICE) {
    reasons.push({ code: 'multiple_installations', source: 'local' });
  } else if (graph.global.installations > MAX_INSTALLATIONS_PER_DEVICE) {
    reasons.push({ code: 'multiple_installations', source: 'global' });
  }
  if (diversity) {
    if (diversity.cities > MAX_DECLARED_PER_DEVICE)
      reasons.push({ code: 'multiple_address_cities', source: 'local' });
    if (diversity.streets > MAX_DECLARED_PER_DEVICE)
      reasons.push({ code: 'multiple_address_streets', source: 'local' });
    if (diversity.zipCodes > MAX_DECLARED_PER_DEVICE)
      reasons.push({ code: 'multiple_address_zip_codes', source: 'local' });
  }
  return reasons;
}

import { describe, expect, it } from 'vitest';
import { admissionConfigFromEnv } from '../../../lib/server/admission/admission-config';

describe('admission defaults', () => {
  it('128 requests in flight per API process, 96 of them for one tenant; the environment overrides both', () => {
    expect(admissionConfigFromEnv({}).concurrency).toEqual({ global: 128, perTenant: 96 });
    expect(
      admissionConfigFromEnv({ LOCUS_MAX_IN_FLIGHT: '8', LOCUS_MAX_IN_FLIGHT_PER_TENANT: '4' }).concurrency,
    ).toEqual({ global: 8, perTenant: 4 });
  });
});

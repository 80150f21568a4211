/** The spec's own neutral brand (SPEC §5.2); a tenant may set another for drop-in compatibility. */
export const DEFAULT_HEADER_PREFIX = 'Service';

/** Header names for a prefix: `Incognia` → `Incognia-Timestamp`, `Incognia-Signature`. */
export function webhookHeaderNames(prefix: string) {
  return {
    timestamp: `${prefix}-Timestamp`,
    signature: `${prefix}-Signature`,
    /** Only during a secret rotation's grace period: the same request signed with the previous secret. */
    previousSignature: `${prefix}-Signature-Previous`,
  };
}

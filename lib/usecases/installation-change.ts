import type { Repos } from '../db/repositories/index';
import type { OpenNear } from '../db/repositories/open-signups-near';

interface ChangeBase {
  tenantId: string;
  installationId: string;
  deviceId: string | null;
  now: number;
}

/**
 * A change that can alter the verdicts of open signups, reported by the use-case that makes it, inside
 * its transaction (docs/ARCHITECTURE.md, "When a signup is reassessed"):
 * - `location_events`: the SDK reported events or device facts for the installation;
 * - `feedback`: feedback about the installation (its device's reputation, here and for other tenants);
 * - `graph`: a new installation of the device or a new account on it (the device graph);
 * - `signup`: a signup was created or its address changed; its siblings on the device count its
 *   address, so they are judged again when it is new to them (`newAddress`: an address, city, street
 *   or postal code the device's signups had not declared; always for a changed address, which may also
 *   take one away), and `recheckAt` is when time alone can change its own verdict.
 */
export type InstallationChange =
  | (ChangeBase & { kind: 'location_events' | 'feedback' | 'graph' })
  | (ChangeBase & {
      kind: 'signup';
      signupId: string;
      newAddress: boolean;
      /** The open signups around the installation as the insert found them (the new one left out), when it read them. */
      openBefore?: OpenNear | null;
      accountLinked: boolean;
      recheckAt: number | null;
      reassessUntil: number;
    });

export type SignupChange = Extract<InstallationChange, { kind: 'signup' }>;

/** Runs inside the transaction that made the change (e.g. to schedule reassessments). */
export interface ChangeListener {
  (repos: Repos, change: InstallationChange): Promise<void>;
  /**
   * True when the listener is sure to write nothing for `change`: a use-case whose own write is then a
   * single statement may leave the transaction out (on PostgreSQL BEGIN and COMMIT cost a round trip).
   * Absent, the listener may write whatever the change.
   */
  writesNothingFor?: (change: InstallationChange) => boolean;
}

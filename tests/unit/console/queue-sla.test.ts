import { describe, expect, it } from 'vitest';
import { adaptSignupList } from '../../../lib/console-api/adapt-signup-list';
import type { SignupListItem } from '../../../lib/contracts/console/index';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 12);

const item = (id: string, createdAt: number, flaggedAt: number): SignupListItem => ({
  id,
  installation_id: `inst-${id}`,
  device_id: null,
  risk_assessment: 'high_risk',
  reasons: [],
  created_at: createdAt,
  updated_at: flaggedAt,
  flagged_at: flaggedAt,
  review_status: 'open',
  assigned_to: null,
  client_feedback: [],
  score: 0.97,
  address_label: 'Rua Augusta 100',
  distance_from_last_location_m: null,
  location_events_quantity: 3,
});

describe('the queue’s SLA column', () => {
  it('counts a case’s wait from when it became high risk, not from its creation', () => {
    const view = adaptSignupList(
      {
        items: [
          item('turned', NOW - 240 * HOUR, NOW - 2 * HOUR),
          item('waiting', NOW - 30 * HOUR, NOW - 30 * HOUR),
        ],
        total: 2,
        next_cursor: null,
      },
      NOW,
    );
    const sla = Object.fromEntries(view.rows.map((r) => [r.id, r.sla]));
    expect(sla.turned).toEqual({ age: '2 h', state: 'on_time', label: 'on time' });
    expect(sla.waiting).toEqual({ age: '30 h', state: 'overdue', label: 'overdue' });
  });
});

import { describe, expect, it } from 'vitest';
import { integrityPeriods } from '../../../lib/console-api/adapt-entities';

const rooted = { probable_root: true, emulator: false };
const clean = { probable_root: false, emulator: false };
const point = (at: number, flags: Record<string, boolean>, id: string) => ({
  at,
  case_kind: 'signup' as const,
  case_id: id,
  flags,
});

describe('integrityPeriods', () => {
  it('folds assessments with the same flags into one period and starts a new one at each change', () => {
    const periods = integrityPeriods([
      point(Date.UTC(2026, 9, 28, 4), rooted, '01a20aee-0000-7000-8000-00000000aaaa'),
      point(Date.UTC(2026, 9, 29, 4), rooted, '01a20aee-0000-7000-8000-00000000bbbb'),
      point(Date.UTC(2026, 10, 2, 4), clean, '01a20aee-0000-7000-8000-00000000cccc'),
      point(Date.UTC(2026, 10, 3, 4), rooted, '01a20aee-0000-7000-8000-00000000dddd'),
    ]);
    expect(periods.map((p) => [p.span, p.assessments, p.caseLabel])).toEqual([
      ['2026-10-28 04:00 UTC → 2026-10-29 04:00 UTC', 2, 'signup 01a20aee…aaaa'],
      ['2026-11-02 04:00 UTC', 1, 'signup 01a20aee…cccc'],
      ['2026-11-03 04:00 UTC', 1, 'signup 01a20aee…dddd'],
    ]);
    expect(periods[0]?.flags.find((f) => f.label === 'Rooted / jailbroken')).toMatchObject({
      on: true,
      bad: true,
    });
  });

  it('shows nothing for a device no assessment recorded flags for', () => {
    expect(integrityPeriods([])).toEqual([]);
  });
});

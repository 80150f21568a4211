import { describe, expect, it } from 'vitest';
import { sharedPlaceholders } from '../../../lib/db/pg-shared-placeholders';

const keyOf = (p: string) => (p.startsWith('slot:') ? p : null);

describe('sharedPlaceholders (PostgreSQL)', () => {
  it('gives each repeated argument one placeholder, in first-use order, and keeps constants apart', () => {
    const shared = sharedPlaceholders(
      'select $1, $2 where a = $3 and b = $4 and c = $5 and d = $6',
      ['slot:tenant', 'slot:installation', 'slot:tenant', 'open', 'open', 'slot:installation'],
      keyOf,
    );
    expect(shared).toEqual({
      sql: 'select $1, $2 where a = $1 and b = $3 and c = $4 and d = $2',
      parameters: ['slot:tenant', 'slot:installation', 'open', 'open'],
    });
  });

  it('renumbers placeholders past $9 as whole numbers', () => {
    // Twelve parameters, the last the same argument as the second: $12 becomes $2, $10 and $11 stay.
    const parameters = [...Array.from({ length: 11 }, (_, i) => `slot:${i}`), 'slot:1'];
    const sql = parameters.map((_, i) => `$${i + 1}`).join(', ');
    expect(sharedPlaceholders(sql, parameters, keyOf)).toEqual({
      sql: '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $2',
      parameters: parameters.slice(0, 11),
    });
  });

  it('leaves SQL alone when nothing repeats or its placeholders are not $1…$n once each', () => {
    expect(sharedPlaceholders('select $1, $2', ['slot:a', 'slot:b'], keyOf).sql).toBe('select $1, $2');
    // A `$1` inside a literal makes the count differ: unchanged rather than guessed.
    expect(sharedPlaceholders("select '$1', $1, $2", ['slot:a', 'slot:a'], keyOf)).toEqual({
      sql: "select '$1', $1, $2",
      parameters: ['slot:a', 'slot:a'],
    });
  });
});

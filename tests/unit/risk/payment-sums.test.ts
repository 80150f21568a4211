import { describe, expect, it } from 'vitest';
import { sumPaymentValues } from '../../../lib/db/repositories/transaction-repo';

describe("an installation's payment sums", () => {
  it('sums stored payment values per currency, in the order the currencies first came, to the cent', () => {
    const stored = [
      { amount: 10.1, currency: 'brl' },
      { amount: 5, currency: 'USD' },
      { amount: 0.2, currency: 'BRL' },
      { amount: 0.005, currency: 'usd' },
    ].map((value) => JSON.stringify(value));
    expect(sumPaymentValues(stored)).toEqual([
      { amount: 10.3, currency: 'BRL' },
      { amount: 5.01, currency: 'USD' },
    ]);
    expect(sumPaymentValues([])).toEqual([]);
  });
});

'use server';
// Threshold backtest (managers) and applying thresholds (admins only, audited by the API).
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { ThresholdKindSchema, ThresholdsSchema } from '../../contracts/console/backtest';
import { adaptBacktest } from '../adapt-backtest';
import { consoleAction } from '../console-action';

export const runBacktest = consoleAction(
  'manager',
  z.object({ kind: ThresholdKindSchema, thresholds: ThresholdsSchema }),
  async (input, { api }) => adaptBacktest(await api.thresholds.backtest(input)),
);

export const applyThresholds = consoleAction(
  'admin',
  z.object({ kind: ThresholdKindSchema, thresholds: ThresholdsSchema }),
  async ({ kind, thresholds }, { api }) => {
    const settings = await api.thresholds.apply(kind, thresholds);
    revalidatePath('/overview');
    return settings[kind];
  },
);

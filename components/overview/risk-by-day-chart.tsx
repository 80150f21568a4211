'use client';
import type { DayBarView } from '../../lib/console-api/adapt-overview';
import { StackedDayChart } from './stacked-day-chart';

const BARS = [
  { dataKey: 'low', name: 'Low risk', fill: '#2e7d32' },
  { dataKey: 'unknown', name: 'Unknown risk', fill: '#a16207' },
  { dataKey: 'high', name: 'High risk', fill: '#b91c1c' },
] as const;

export function RiskByDayChart({ data }: { data: DayBarView[] }) {
  return <StackedDayChart data={data.map((d) => ({ ...d }))} bars={BARS} />;
}

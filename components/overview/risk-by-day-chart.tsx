'use client';
import { StackedDayChart } from './stacked-day-chart';

const BARS = [
  { dataKey: 'low', name: 'Low risk', fill: '#2e7d32' },
  { dataKey: 'unknown', name: 'Unknown risk', fill: '#c0a000' },
  { dataKey: 'high', name: 'High risk', fill: '#c62828' },
] as const;

export function RiskByDayChart({
  data,
}: {
  data: { day: string; low: number; high: number; unknown: number }[];
}) {
  return <StackedDayChart data={data} bars={BARS} />;
}

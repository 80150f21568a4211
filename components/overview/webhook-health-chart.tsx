'use client';
import { StackedDayChart } from './stacked-day-chart';

const BARS = [
  { dataKey: 'delivered', name: 'Delivered', fill: '#2e7d32' },
  { dataKey: 'failed', name: 'Failed attempts', fill: '#b91c1c' },
] as const;

export function WebhookHealthChart({ data }: { data: { day: string; delivered: number; failed: number }[] }) {
  return <StackedDayChart data={data.map((d) => ({ ...d, label: d.day }))} bars={BARS} />;
}

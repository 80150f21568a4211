'use client';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function WebhookHealthChart({ data }: { data: { day: string; delivered: number; failed: number }[] }) {
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} width={36} />
          <Tooltip />
          <Legend />
          <Bar dataKey="delivered" name="Delivered" stackId="w" fill="#2e7d32" isAnimationActive={false} />
          <Bar dataKey="failed" name="Failed attempts" stackId="w" fill="#c62828" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

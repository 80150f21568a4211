'use client';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function RiskByDayChart({
  data,
}: {
  data: { day: string; low: number; high: number; unknown: number }[];
}) {
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} width={36} />
          <Tooltip />
          <Legend />
          <Bar dataKey="low" name="Low risk" stackId="r" fill="#2e7d32" isAnimationActive={false} />
          <Bar dataKey="unknown" name="Unknown risk" stackId="r" fill="#c0a000" isAnimationActive={false} />
          <Bar dataKey="high" name="High risk" stackId="r" fill="#c62828" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

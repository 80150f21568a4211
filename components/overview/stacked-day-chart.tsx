'use client';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DayBar {
  dataKey: string;
  name: string;
  fill: string;
}

/** Counts per day as one stacked bar a day, the bars stacked in the order given. */
export function StackedDayChart({
  data,
  bars,
}: {
  data: ({ day: string } & Record<string, number | string>)[];
  bars: readonly DayBar[];
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
          {bars.map((bar) => (
            <Bar key={bar.dataKey} {...bar} stackId="day" isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

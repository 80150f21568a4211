'use client';
import { useRouter } from 'next/navigation';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DayBar {
  dataKey: string;
  name: string;
  fill: string;
}

/**
 * Counts per day as one stacked bar a day, the bars stacked in the order given. A bar with an `href`
 * opens it on click (the queue filtered to that day).
 */
export function StackedDayChart({
  data,
  bars,
}: {
  data: ({ label: string; href?: string } & Record<string, number | string | undefined>)[];
  bars: readonly DayBar[];
}) {
  const router = useRouter();
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          onClick={(state) => {
            const href = typeof state?.activeIndex === 'number' ? data[state.activeIndex]?.href : undefined;
            if (href) router.push(href);
          }}
          style={{ cursor: data.some((d) => d.href) ? 'pointer' : 'default' }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={11} />
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

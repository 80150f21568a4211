'use client';
import { useRouter } from 'next/navigation';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function ReasonChart({
  data,
}: {
  data: { label: string; signups: number; payments: number; href: string }[];
}) {
  const router = useRouter();
  if (data.length === 0) return <p className="muted">No reasons in this range.</p>;
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ left: 10 }}
          onClick={(state) => {
            const href = typeof state?.activeIndex === 'number' ? data[state.activeIndex]?.href : undefined;
            if (href) router.push(href);
          }}
          style={{ cursor: 'pointer' }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={11} />
          <YAxis type="category" dataKey="label" width={170} fontSize={11} />
          <Tooltip />
          <Legend />
          <Bar dataKey="signups" name="Signups" fill="#2857d6" isAnimationActive={false} />
          <Bar dataKey="payments" name="Payments" fill="#7c3aed" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

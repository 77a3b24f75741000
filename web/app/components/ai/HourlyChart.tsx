import type { AiHourlyDto } from '@realty/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The hourly requests / failures bar chart of /dashboard/admin/ai-system (issue 23), drawn with
 * recharts in the browser only (lazy-loaded), hidden from assistive technology and out of the tab
 * order (accessibilityLayer off): the page's table carries the same figures for
 * screen readers and pages without JavaScript.
 */
export default function HourlyChart({
  hours,
  labels,
  hourLabel,
}: {
  hours: AiHourlyDto[];
  labels: { requests: string; failures: string };
  hourLabel: (iso: string) => string;
}) {
  const data = hours.map((h) => ({ hour: hourLabel(h.hour), requests: h.requests, failures: h.failures }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="hour" interval="preserveStartEnd" minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="requests" name={labels.requests} fill="#1d4ed8" isAnimationActive={false} />
        <Bar dataKey="failures" name={labels.failures} fill="#b91c1c" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

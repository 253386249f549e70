import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@/lib/date-display';

/** Shipments created per day: a bar chart for the eye, the same figures as a table for screen readers. */
export default function ShipmentsChart({ days }: { days: Array<{ date: string; count: number }> }) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best), days[0] ?? { date: '', count: 0 });
  return (
    <figure className="mt-4">
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => date.slice(5)}
              tick={{ fontSize: 12, fill: '#334155' }}
              interval="preserveStartEnd"
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
            <Tooltip labelFormatter={(date) => formatDate(String(date))} formatter={(value) => [value, 'Shipments']} />
            <Bar dataKey="count" fill="#1d4ed8" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-slate-700">
        {total} shipments created in the last {days.length} days
        {busiest && busiest.count > 0 ? `; the busiest day was ${formatDate(busiest.date)} with ${busiest.count}` : ''}.
      </figcaption>
      <table className="sr-only">
        <caption>Shipments created per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Shipments</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{formatDate(day.date)}</td>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

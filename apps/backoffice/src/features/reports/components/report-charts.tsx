import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The report's charts, drawn by recharts and loaded only with the reports screen (the board's tablets never fetch
 * the library). Each chart has a table beside it with the same numbers, so the charts carry no figure of their own
 * and are hidden from screen readers.
 */

const PRIMARY = 'var(--color-primary)';
const MUTED = 'var(--color-text-muted)';
const GRID = 'var(--color-border)';
const tooltipStyle = {
  background: 'var(--color-surface-raised)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-text)',
};

export interface DayPoint {
  label: string;
  revenue: number;
  orders: number;
}

/** Revenue (bars, in major units) and orders (a line, its own axis) per day. */
export function DaysChart({
  points,
  revenueName,
  ordersName,
  money,
}: {
  points: DayPoint[];
  revenueName: string;
  ordersName: string;
  money: (minor: number) => string;
}) {
  return (
    <div aria-hidden="true">
      <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" stroke={MUTED} fontSize={12} minTickGap={12} />
          <YAxis
            yAxisId="revenue"
            stroke={MUTED}
            fontSize={12}
            tickFormatter={(v: number) => money(v)}
            width={80}
          />
          <YAxis
            yAxisId="orders"
            orientation="right"
            stroke={MUTED}
            fontSize={12}
            allowDecimals={false}
            width={36}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(value, name) => (name === revenueName ? money(Number(value)) : String(value))}
          />
          <Bar yAxisId="revenue" dataKey="revenue" name={revenueName} fill={PRIMARY} radius={[4, 4, 0, 0]} />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name={ordersName}
            stroke={MUTED}
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface BarPoint {
  label: string;
  value: number;
}

/** Horizontal bars, most first: dishes, add-ons, reasons, stars. */
export function BarsChart({ points, name }: { points: BarPoint[]; name: string }) {
  const height = Math.max(120, points.length * 28 + 24);
  return (
    <div aria-hidden="true">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 400, height }}>
        <BarChart data={points} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid stroke={GRID} horizontal={false} />
          <XAxis type="number" stroke={MUTED} fontSize={12} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="label"
            stroke={MUTED}
            fontSize={12}
            width={140}
            tickFormatter={(label: string) => (label.length > 20 ? `${label.slice(0, 19)}…` : label)}
          />
          <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--color-surface-raised)' }} />
          <Bar dataKey="value" name={name} fill={PRIMARY} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

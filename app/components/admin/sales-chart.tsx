/**
 * The owner's charts (issue 46 item 1; decision 0050): recharts SVG bars, drawn in the back office
 * only. Each chart is a picture for sighted readers; the numbers are in a table beside it, so the
 * picture itself is hidden from screen readers.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  /** Bars with the same stack id are drawn on top of each other. */
  stack?: string;
}

export const CHART_COLORS = ["#8a5228", "#e0502b", "#d4a67f", "#4f2e15", "#6b8e23"] as const;

const dollars = (value: unknown) =>
  typeof value === "number"
    ? `$${value.toLocaleString("zh-HK", { maximumFractionDigits: 0 })}`
    : String(value);

/**
 * Bars of `rows` (objects with a `label` and a number per series). `horizontal` draws one bar a row
 * across the width, for long names (top products, the funnel). Money is given in dollars.
 */
export function SalesBarChart({
  rows,
  series,
  horizontal = false,
  money = true,
  height = 260,
}: {
  rows: ReadonlyArray<Record<string, string | number>>;
  series: ChartSeries[];
  horizontal?: boolean;
  money?: boolean;
  height?: number;
}) {
  const format = money ? dollars : (value: unknown) => Number(value).toLocaleString("zh-HK");
  return (
    <div aria-hidden="true" className="w-full" style={{ height }} data-testid="sales-chart">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
        <BarChart
          data={[...rows]}
          layout={horizontal ? "vertical" : "horizontal"}
          margin={{ top: 8, right: 12, bottom: 4, left: horizontal ? 8 : 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={format} fontSize={11} allowDecimals={false} />
              <YAxis type="category" dataKey="label" width={96} fontSize={11} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" fontSize={11} interval="preserveStartEnd" />
              <YAxis tickFormatter={format} width={64} fontSize={11} allowDecimals={false} />
            </>
          )}
          <Tooltip formatter={(value) => format(value)} />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((each) => (
            <Bar
              key={each.key}
              dataKey={each.key}
              name={each.label}
              fill={each.color}
              stackId={each.stack}
              isAnimationActive={false}
              maxBarSize={36}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

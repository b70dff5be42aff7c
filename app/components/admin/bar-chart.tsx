import type { DailyCount } from "~/domain/site/admin-dashboard.ts";
import { shortDayLabel } from "~/domain/site/admin-dashboard.ts";

// SVG units; the chart is drawn about 330 px wide on a phone and 470 px on a desktop card.
const BAR_WIDTH = 22;
const GAP = 10;
const PLOT_HEIGHT = 130;
const TOP = 22;
const LABEL_HEIGHT = 26;

/**
 * Daily bars as inline SVG, scaled to the container width. The picture is for sighted readers;
 * the dashboard puts the same numbers in a table for screen readers, so the SVG is hidden from them.
 */
export function DailyBarChart({
  series,
  tone,
  label = shortDayLabel,
  labelEvery = 2,
  textScale = 1,
}: {
  series: DailyCount[];
  tone: "brand" | "accent";
  /** The text under a bar (a day by default; the dashboard's hourly chart passes hours). */
  label?: (key: string) => string;
  labelEvery?: number;
  /** Larger text for charts with many bars, which are drawn smaller. */
  textScale?: number;
}) {
  const top = TOP * textScale;
  const labelHeight = LABEL_HEIGHT * textScale;
  const max = Math.max(1, ...series.map((entry) => entry.count));
  // Larger labels need room past the last bar so the newest one is not cut off.
  const width = series.length * (BAR_WIDTH + GAP) + GAP + 20 * (textScale - 1);
  const height = top + PLOT_HEIGHT + labelHeight;
  const fill = tone === "brand" ? "fill-brand-600" : "fill-accent-500";
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
      <line x1={0} x2={width} y1={top + PLOT_HEIGHT} y2={top + PLOT_HEIGHT} className="stroke-stone-300" />
      {series.map((entry, index) => {
        const barHeight = entry.count === 0 ? 0 : Math.max(2, (entry.count / max) * PLOT_HEIGHT);
        const x = GAP + index * (BAR_WIDTH + GAP);
        const y = top + PLOT_HEIGHT - barHeight;
        const centre = x + BAR_WIDTH / 2;
        return (
          <g key={entry.day}>
            <rect x={x} y={y} width={BAR_WIDTH} height={barHeight} rx={3} className={fill} />
            {entry.count > 0 ? (
              <text
                x={centre}
                y={y - 6}
                textAnchor="middle"
                fontSize={14 * textScale}
                className="fill-stone-800 tabular-nums"
              >
                {entry.count}
              </text>
            ) : null}
            {/* Every other bar (or every `labelEvery`), ending with the latest, so labels never collide. */}
            {(series.length - 1 - index) % labelEvery === 0 ? (
              <text
                x={centre}
                y={top + PLOT_HEIGHT + 19 * textScale}
                textAnchor="middle"
                fontSize={13 * textScale}
                className="fill-stone-600 tabular-nums"
              >
                {label(entry.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

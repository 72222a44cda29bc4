/**
 * The radon chart of a property's record: each result at the day its test ended, with the EPA's
 * 4 pCi/L (fix) and 2 pCi/L (consider) lines. Loaded lazily in the browser only (record-view.tsx):
 * the table beside it carries every figure, so the chart is one image to assistive technology.
 */
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { RADON_LEVELS } from "~/features/catalog/reference-levels";

export interface RadonPoint {
  /** YYYY-MM-DD */
  date: string;
  /** shown on the axis */
  label: string;
  /** pCi/L (a number only for drawing; the table shows the exact decimal) */
  level: number;
  phase: string;
}

/** The EPA's two levels as lines: red at 'fix', amber at 'consider' (line and label colours). */
const EPA_LINES = [
  { level: "fix", stroke: "#b91c1c", text: "#991b1b", position: "insideTopRight" },
  { level: "consider", stroke: "#b45309", text: "#92400e", position: "insideBottomRight" },
] as const;

export default function RadonChart({ points }: { points: RadonPoint[] }) {
  const fix = Number(RADON_LEVELS.fix);
  const top = Math.max(fix + 1, ...points.map((p) => Math.ceil(p.level + 0.5)));
  return (
    <div
      role="img"
      aria-label={`Chart of the radon results over time, with the EPA's ${RADON_LEVELS.fix} and ${RADON_LEVELS.consider} pCi/L lines; the table has the same figures.`}
      className="h-64 w-full overflow-hidden"
      data-testid="radon-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={points}
          margin={{ top: 16, right: 16, bottom: 8, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#334155" }} />
          <YAxis
            domain={[0, top]}
            tick={{ fontSize: 12, fill: "#334155" }}
            label={{ value: "pCi/L", angle: -90, position: "insideLeft", fill: "#334155" }}
          />
          <Tooltip formatter={(value) => [`${String(value)} pCi/L`, "Radon"]} />
          {EPA_LINES.map((line) => (
            <ReferenceLine
              key={line.level}
              y={Number(RADON_LEVELS[line.level])}
              stroke={line.stroke}
              strokeDasharray="6 3"
              label={{
                value: `${RADON_LEVELS[line.level]} pCi/L: ${line.level}`,
                position: line.position,
                fill: line.text,
              }}
            />
          ))}
          <Line
            type="monotone"
            dataKey="level"
            stroke="#1d4ed8"
            strokeWidth={2}
            dot={{ r: 4 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

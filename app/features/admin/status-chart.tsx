/**
 * The status distribution as a bar chart (recharts). It draws only after mount: recharts cannot
 * measure during server rendering (DESIGN section 8). The same numbers are in a table for screen
 * readers and without JavaScript, so the chart itself is hidden from assistive technology.
 */
import { useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";

export function StatusChart({ data }: { data: { label: string; count: number }[] }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    // inert: recharts makes the chart focusable, which must not happen inside aria-hidden
    <div aria-hidden="true" inert className="h-[260px] w-full max-w-[560px]">
      {mounted && (
        // responsive: as wide as its frame (up to 560 px), so a phone does not scroll sideways
        <BarChart
          responsive
          width="100%"
          height={260}
          data={data}
          accessibilityLayer={false}
          margin={{ top: 8, right: 8, left: 0, bottom: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fill: "#1e293b", fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: "#1e293b", fontSize: 12 }} />
          <Bar dataKey="count" fill="#0f5f7a" isAnimationActive={false} />
        </BarChart>
      )}
    </div>
  );
}

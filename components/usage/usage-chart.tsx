"use client";
// Daily access links for the last months as stacked bars, clients and prospects apart.
// Loaded on its own (next/dynamic) so recharts only reaches the usage page.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageDay } from "@/lib/core/usage/usage-history";

function shortDate(date: string): string {
  const [, m, d] = date.split("-");
  return `${Number(d)}/${Number(m)}`;
}

export default function UsageChart({ days }: { days: UsageDay[] }) {
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Daily access links from ${days[0]?.date ?? ""} to ${days.at(-1)?.date ?? ""}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} tick={{ fontSize: 12, fill: "#475569" }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
          <Tooltip
            labelFormatter={(label) =>
              new Date(`${String(label)}T00:00:00Z`).toLocaleDateString(undefined, {
                timeZone: "UTC",
                dateStyle: "medium",
              })
            }
          />
          <Legend />
          <Bar dataKey="clients" name="Clients" stackId="links" fill="#4f46e5" />
          <Bar dataKey="prospects" name="Prospects" stackId="links" fill="#0ea5e9" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

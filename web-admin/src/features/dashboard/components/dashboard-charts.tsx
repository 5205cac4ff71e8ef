import type { AdminStats } from '@clima/contract/admin-stats';
import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { messages } from '../../../i18n/messages';
import { formatBRL } from '../../../lib/format';
import { ChartCard, ChartTable } from './chart-card';
import { formatBRLShort, formatInt, isMissing } from './dashboard-format';
import { PartNotice } from './part-notice';

const m = messages.dashboard.charts;

// the dates arrive as pt-BR 'dd/mm'; every other tick keeps 30 days readable on a phone
const xAxis = { dataKey: 'formattedDate', tick: { fontSize: 11, fill: '#475569' }, tickLine: false, axisLine: false, minTickGap: 12, interval: 'preserveStartEnd' } as const;
const yAxis = { tick: { fontSize: 11, fill: '#475569' }, tickLine: false, axisLine: false, allowDecimals: false } as const;
const grid = { strokeDasharray: '3 3', stroke: '#e2e8f0', vertical: false } as const;
const tooltip = { contentStyle: { borderRadius: 12, border: '1px solid #e2e8f0', fontSize: 13 }, labelStyle: { fontWeight: 600, color: '#0f172a' }, itemStyle: { color: '#0f172a' } } as const;
const margin = { top: 4, right: 8, bottom: 0, left: 0 };

/** The three charts of spec 2.14 (recharts is loaded only with this module). */
export default function DashboardCharts({ stats }: { stats: AdminStats }) {
  const { revenue, access, views } = stats.chartData;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard id="revenue" title={m.revenue.title} subtitle={m.revenue.subtitle} className="lg:col-span-2">
        {isMissing(stats, 'billing') ? (
          <div className="grid h-full place-items-center">
            <PartNotice part="billing" />
          </div>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={revenue} margin={margin}>
              <defs>
                <linearGradient id="dash-revenue" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="#10b981" stopOpacity={0.35} />
                  <stop offset="100%" stopColor="#10b981" stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid {...grid} />
              <XAxis {...xAxis} />
              <YAxis {...yAxis} width={72} allowDecimals tickFormatter={(v: number) => formatBRLShort(v)} />
              <Tooltip {...tooltip} formatter={(v) => [formatBRL(Number(v)), m.revenue.series]} />
              <Area type="monotone" dataKey="revenue" name={m.revenue.series} stroke="#059669" strokeWidth={2} fill="url(#dash-revenue)" />
            </AreaChart>
          </ResponsiveContainer>
        )}
        {!isMissing(stats, 'billing') && (
          <ChartTable caption={m.revenue.title} columns={[m.date, m.revenue.series]} rows={revenue.map((d) => [d.formattedDate, formatBRL(d.revenue)])} />
        )}
      </ChartCard>
      <ChartCard id="access" title={m.access.title} subtitle={m.access.subtitle}>
        {isMissing(stats, 'ranking') ? (
          <div className="grid h-full place-items-center">
            <PartNotice part="ranking" />
          </div>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={access} margin={margin}>
              <CartesianGrid {...grid} />
              <XAxis {...xAxis} />
              <YAxis {...yAxis} width={40} tickFormatter={(v: number) => formatInt(v)} />
              <Tooltip {...tooltip} formatter={(v, name) => [formatInt(Number(v)), name]} />
              <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span className="text-slate-700">{value}</span>} itemSorter={(item) => (item.dataKey === 'unique_users' ? 0 : 1)} />
              <Line type="monotone" dataKey="unique_users" name={m.access.uniqueUsers} stroke="#0284c7" strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="total_sessions" name={m.access.totalSessions} stroke="#8b5cf6" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        )}
        {!isMissing(stats, 'ranking') && (
          <ChartTable
            caption={m.access.title}
            columns={[m.date, m.access.uniqueUsers, m.access.totalSessions]}
            rows={access.map((d) => [d.formattedDate, formatInt(d.unique_users), formatInt(d.total_sessions)])}
          />
        )}
      </ChartCard>
      <ChartCard id="views" title={m.views.title} subtitle={m.views.subtitle}>
        {isMissing(stats, 'catalog') ? (
          <div className="grid h-full place-items-center">
            <PartNotice part="catalog" />
          </div>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={views} margin={margin}>
              <defs>
                <linearGradient id="dash-views" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="#6366f1" stopOpacity={0.35} />
                  <stop offset="100%" stopColor="#6366f1" stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid {...grid} />
              <XAxis {...xAxis} />
              <YAxis {...yAxis} width={40} tickFormatter={(v: number) => formatInt(v)} />
              <Tooltip {...tooltip} formatter={(v) => [formatInt(Number(v)), m.views.series]} />
              <Area type="monotone" dataKey="views" name={m.views.series} stroke="#4f46e5" strokeWidth={2} fill="url(#dash-views)" />
            </AreaChart>
          </ResponsiveContainer>
        )}
        {!isMissing(stats, 'catalog') && (
          <ChartTable caption={m.views.title} columns={[m.date, m.views.series]} rows={views.map((d) => [d.formattedDate, formatInt(d.views)])} />
        )}
      </ChartCard>
    </div>
  );
}


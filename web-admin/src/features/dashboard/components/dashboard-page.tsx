import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { messages } from '../../../i18n/messages';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner, Spinner } from '@clima/web-kit/spinner';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdminStats } from '../hooks/use-admin-stats';
import { isMissing } from './dashboard-format';
import { NavCards } from './nav-cards';
import { PopularContents } from './popular-contents';
import { RecentUsers } from './recent-users';
import { SubscriptionDistribution } from './subscription-distribution';
import { PixPricesCard } from '../../billing/components/pix-prices-card';
import { SummaryCards } from './summary-cards';
import { UnansweredQuestionsCard } from '../../lesson-questions/unanswered-questions-card';

// recharts travels only with the charts, after the figures are on screen
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const m = messages.dashboard;

function AccessDenied() {
  return (
    <div role="alert" className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-2xl border border-red-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-red-50 text-red-600">
        <ShieldAlert className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-bold text-slate-900">{m.deniedTitle}</h1>
      <p className="mt-2 text-slate-600">{m.deniedText}</p>
    </div>
  );
}

function ChartsLoading() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {[m.charts.revenue, m.charts.access, m.charts.views].map((c, i) => (
        <div key={c.title} className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${i === 0 ? 'lg:col-span-2' : ''}`}>
          <p className="font-semibold text-slate-900">{c.title}</p>
          <p className="text-sm text-slate-500">{c.subtitle}</p>
          <div className="mt-4 grid h-60 place-items-center">
            <Spinner label={m.charts.loading} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /admin/dashboard (spec 2.14): loading, then the figures, or 'Acesso Negado' when the stats answer is not ok. */
export function DashboardPage() {
  const { admin } = useAdminAuth();
  const stats = useAdminStats(admin !== null);

  if (stats.isError) return <AccessDenied />;
  if (!stats.data) return <PageSpinner label={m.loading} />;
  const data = stats.data;

  return (
    <div className="space-y-6">
      <PageHeader title={m.title} subtitle={m.subtitle} back={false} />
      <SummaryCards stats={data} />
      <Suspense fallback={<ChartsLoading />}>
        <DashboardCharts stats={data} />
      </Suspense>
      <NavCards stats={data} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <RecentUsers users={data.recentUsers} />
        <PopularContents contents={data.popularContents} missing={isMissing(data, 'catalog')} />
        <SubscriptionDistribution stats={data.subscriptionStats} />
        <PixPricesCard />
        <UnansweredQuestionsCard />
      </div>
    </div>
  );
}

import { CalendarDays, CheckCircle2, Eye, PlayCircle, Video } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { buttonStyles } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SearchInput, Select } from '../../../shared/ui/filters';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { parseTags, TagList } from '../../../shared/ui/tag-list';
import { SubscriberBanner } from '../../access/components/subscriber-banner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useContentCategories, useContents } from '../hooks/use-contents';

const m = messages.contents;

function ContentsMarketing() {
  const { openSignIn } = useSignInDialog();
  return (
    <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-sky-800 via-sky-700 to-cyan-600 text-white shadow-lg">
      <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-cyan-200">{m.title}</p>
          <h1 className="mt-2 text-3xl font-extrabold leading-tight sm:text-4xl">{m.marketingTitle}</h1>
          <p className="mt-4 text-sky-50">{m.marketingText}</p>
          <ul className="mt-6 space-y-2">
            {m.marketingPoints.map((point) => (
              <li key={point} className="flex items-center gap-2 text-sm">
                <CheckCircle2 className="size-5 text-cyan-300" aria-hidden />
                {point}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.accent} mt-8 px-6 py-3 text-base`}>
            <PlayCircle className="size-5" aria-hidden />
            {m.access}
          </button>
        </div>
        <div className="hidden aspect-video place-items-center rounded-2xl bg-white/10 ring-1 ring-white/20 lg:grid" aria-hidden>
          <PlayCircle className="size-20 text-white/80" />
        </div>
      </div>
    </section>
  );
}

function ContentsList() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const categories = useContentCategories(true);
  const contents = useContents({ search: debounced, category }, true);
  const list = contents.data ?? [];
  const filtering = debounced !== '' || category !== '';

  return (
    <div className="space-y-6">
      <SubscriberBanner />
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onChange={setSearch} placeholder={m.search} />
        <Select label={m.allCategories} value={category} onChange={(e) => setCategory(e.target.value)} className="sm:w-64">
          <option value="">{m.allCategories}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {contents.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : list.length === 0 ? (
        <EmptyState icon={Video} title={filtering ? m.emptyFiltered : m.empty} />
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((content) => (
            <li key={content.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-center justify-between text-xs text-slate-500">
                <span className="rounded-full bg-sky-50 px-2.5 py-1 font-semibold text-sky-700">{content.category_name ?? m.noCategory}</span>
                <span className="inline-flex items-center gap-1">
                  <Eye className="size-3.5" aria-hidden />
                  {formatNumber(content.views_count)}
                </span>
              </div>
              <h2 className="mt-3 text-lg font-bold text-slate-900">{content.title}</h2>
              {content.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{content.description}</p>}
              <div className="mt-3">
                <TagList tags={parseTags(content.tags)} />
              </div>
              <div className="mt-auto flex items-center justify-between gap-3 pt-5">
                <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                  <CalendarDays className="size-3.5" aria-hidden />
                  {formatDate(content.created_at)}
                </span>
                <Link to={`/content/${content.id}`} className={buttonStyles.primary}>
                  <PlayCircle className="size-4" aria-hidden />
                  {m.watch}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ContentsPage() {
  const { user, isPending } = useAuth();
  if (isPending) return <PageSpinner label={messages.common.loading} />;
  return user ? <ContentsList /> : <ContentsMarketing />;
}

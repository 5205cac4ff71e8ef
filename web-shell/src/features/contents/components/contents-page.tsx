import { CheckCircle2, Film, FolderOpen, PlayCircle, SearchX, Video, WifiOff } from 'lucide-react';
import { Link, useSearchParams } from '@clima/router';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useDebouncedValue } from '@clima/web-kit/use-debounced-value';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { SearchInput, Select } from '@clima/web-kit/filters';
import { useOnline } from '../../../shared/hooks/use-online';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '@clima/web-kit/spinner';
import { SubscriberBanner } from '../../access/components/subscriber-banner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useContentCategories, useContents, useContinueContents } from '../hooks/use-contents';
import { ContentCard } from './content-card';
import { ContinueRow } from '../../../shared/ui/continue-row';
import { videoThumbnail } from '@clima/contract/video';

const m = messages.contents;
const PREVIEW_COUNT = 6;
const NO_FILTERS = { search: '', category: '' };

/** Visitors: what the library holds, a locked preview of the newest videos and the way in. */
function ContentsMarketing() {
  const { openSignIn } = useSignInDialog();
  const contents = useContents(NO_FILTERS, true);
  const categories = useContentCategories(true);
  const list = contents.data ?? [];
  const categoryList = categories.data ?? [];
  const openLogin = () => openSignIn('login');

  return (
    <div className="space-y-10">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-sky-800 via-sky-700 to-cyan-600 text-white shadow-lg">
        <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-cyan-200">{m.title}</p>
            <h1 className="mt-2 text-3xl font-extrabold leading-tight sm:text-4xl">{m.marketingTitle}</h1>
            <p className="mt-4 text-sky-50">{m.marketingText}</p>
            <ul className="mt-6 space-y-2">
              {m.marketingPoints.map((point) => (
                <li key={point} className="flex items-center gap-2 text-sm">
                  <CheckCircle2 className="size-5 shrink-0 text-cyan-300" aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
            <button type="button" onClick={openLogin} className={`${buttonStyles.accent} mt-8 w-full px-6 py-3 text-base sm:w-auto`}>
              <PlayCircle className="size-5" aria-hidden />
              {m.access}
            </button>
          </div>
          {list.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/20">
                <Film className="size-7 text-cyan-200" aria-hidden />
                <p className="mt-3 text-2xl font-extrabold">{m.statsVideos(list.length)}</p>
              </div>
              <div className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/20">
                <FolderOpen className="size-7 text-cyan-200" aria-hidden />
                <p className="mt-3 text-2xl font-extrabold">{m.statsCategories(categoryList.length)}</p>
              </div>
              {categoryList.length > 0 && (
                <ul className="flex flex-wrap gap-2 sm:col-span-2" aria-label={m.statsCategories(categoryList.length)}>
                  {categoryList.map((c) => (
                    <li key={c.id} className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
                      {c.name}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <div className="hidden aspect-video place-items-center rounded-2xl bg-white/10 ring-1 ring-white/20 lg:grid" aria-hidden>
              <PlayCircle className="size-20 text-white/80" />
            </div>
          )}
        </div>
      </section>
      {list.length > 0 && (
        <section aria-labelledby="contents-preview" className="space-y-5">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="contents-preview" className="text-xl font-bold text-slate-900">
              {m.previewTitle}
            </h2>
            <p className="text-sm font-medium text-slate-500">{m.previewLocked}</p>
          </div>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {list.slice(0, PREVIEW_COUNT).map((content) => (
              <li key={content.id}>
                <ContentCard content={content} locked onLockedWatch={openLogin} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Signed-in users: banner, search, category filter and the card grid of spec 2.5. */
function ContentsList() {
  const { user } = useAuth();
  const active = hasActiveSubscription(user);
  // a link may open the list already searched (`/contents?q=superaquecimento`, from the field tools)
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => (params.get('q') ?? '').slice(0, 100));
  const [category, setCategory] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const categories = useContentCategories(true);
  const contents = useContents({ search: debounced, category }, true);
  const continuing = useContinueContents(true);
  const online = useOnline();
  const list = contents.data ?? [];
  const filtering = debounced !== '' || category !== '';
  // a query started while the browser says it is offline waits for the network (paused): an empty list meanwhile,
  // as a failed load shows (spec 7.2), which says the network is what is missing
  const paused = contents.isPending && contents.fetchStatus === 'paused';
  const clear = () => {
    setSearch('');
    setCategory('');
  };

  return (
    <div className="space-y-6">
      <SubscriberBanner />
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <ContinueRow
        testId="continue-contents"
        items={(continuing.data ?? []).map((c) => ({
          key: `content-${c.content.id}`,
          href: `/content/${c.content.id}`,
          title: c.content.title,
          subtitle: c.content.category_name,
          image: videoThumbnail(c.content.video_url),
          position: c.position,
          duration: c.duration,
        }))}
      />
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
      {contents.isPending && !paused ? (
        <PageSpinner label={messages.common.loading} />
      ) : list.length === 0 ? (
        filtering ? (
          <EmptyState
            icon={SearchX}
            title={m.emptyFiltered}
            description={m.emptyFilteredHint}
            action={
              <button type="button" onClick={clear} className={buttonStyles.secondary}>
                {m.clearFilters}
              </button>
            }
          />
        ) : (
          <EmptyState
            icon={online ? Video : WifiOff}
            title={m.empty}
            description={online ? m.emptyHint : m.offlineHint}
            action={
              online ? undefined : (
                <Link to="/manuals" className={buttonStyles.secondary}>
                  {m.openOfflineManuals}
                </Link>
              )
            }
          />
        )
      ) : (
        <>
          <p className="text-sm text-slate-500" aria-live="polite">
            {m.results(list.length)}
          </p>
          <ul className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 ${contents.isPlaceholderData ? 'opacity-60' : ''}`}>
            {list.map((content) => (
              <li key={content.id}>
                <ContentCard content={content} locked={!active} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export default function ContentsPage() {
  const { user, isPending } = useAuth();
  if (isPending) return <PageSpinner label={messages.common.loading} />;
  return user ? <ContentsList /> : <ContentsMarketing />;
}

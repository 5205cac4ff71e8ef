import { ArrowLeft, CalendarDays, Eye, Tag, VideoOff } from 'lucide-react';
import { Link, useParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate, formatNumber } from '../../../lib/format';
import { EmptyState } from '@clima/web-kit/empty-state';
import { PageSpinner } from '@clima/web-kit/spinner';
import { parseTags } from '../../../shared/ui/tag-list';
import { VideoPlayer } from '../../../shared/ui/video-player';
import { AccessGuard } from '../../access/components/access-guard';
import { useAuth } from '../../auth/hooks/use-auth';
import { LockedPreview } from '../../access/components/locked-preview';
import { useContent, useContentPosition, useContentPreview, useSaveContentPosition } from '../hooks/use-contents';

const m = messages.contents;

function ContentDetail({ id }: { id: string }) {
  const { data: content, isPending, isError, error } = useContent(id);
  const position = useContentPosition(id, Boolean(content));
  const { user } = useAuth();
  const savePosition = useSaveContentPosition(id, user?.id);
  if (isPending) return <PageSpinner label={messages.common.loading} />;
  if (isError) {
    return (
      <EmptyState icon={VideoOff} title={error.message} />
    );
  }

  const category = content.category_name ?? m.noCategory;
  const tags = parseTags(content.tags);
  const vertical = content.video_orientation === 'vertical';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
      <div className="min-w-0 space-y-5">
        <div className={vertical ? 'rounded-3xl bg-slate-900 p-3 sm:p-5' : ''}>
          <VideoPlayer
            videoUrl={content.video_url}
            fileUrl={content.video_file_url}
            title={content.title}
            orientation={content.video_orientation}
            watch={{ saved: position.data, send: savePosition, owner: user?.id }}
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-500">
          <span className="rounded-full bg-sky-50 px-2.5 py-1 font-semibold text-sky-700">{category}</span>
          <span className="inline-flex items-center gap-1">
            <Eye className="size-4" aria-hidden />
            {m.viewsCount(content.views_count)}
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden />
            {formatDate(content.created_at)}
          </span>
        </div>
        <h1 className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{content.title}</h1>
        {content.description && <p className="whitespace-pre-line leading-relaxed text-slate-700">{content.description}</p>}
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={m.tags}>
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-600">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-[calc(var(--spacing-header)+2rem)]" aria-labelledby="about-content">
        <h2 id="about-content" className="font-semibold text-slate-900">
          {m.about}
        </h2>
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          <div className="flex items-center justify-between gap-3 py-2.5">
            <dt className="inline-flex items-center gap-1.5 text-slate-500">
              <Tag className="size-4" aria-hidden />
              {m.category}
            </dt>
            <dd className="text-right font-medium text-slate-900">{category}</dd>
          </div>
          <div className="flex items-center justify-between gap-3 py-2.5">
            <dt className="inline-flex items-center gap-1.5 text-slate-500">
              <Eye className="size-4" aria-hidden />
              {m.views}
            </dt>
            <dd className="font-medium text-slate-900" data-testid="about-views">
              {formatNumber(content.views_count)}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-3 py-2.5">
            <dt className="inline-flex items-center gap-1.5 text-slate-500">
              <CalendarDays className="size-4" aria-hidden />
              {m.publishedOn}
            </dt>
            <dd className="font-medium text-slate-900">{formatDate(content.created_at)}</dd>
          </div>
        </dl>
      </aside>
    </div>
  );
}

/** What a visitor or non-subscriber sees of a shared content beneath the gate: its words, no video. */
function ContentPreviewPanel({ id }: { id: string }) {
  const { data } = useContentPreview(id);
  if (!data) return null;
  const tags = parseTags(data.tags);
  return (
    <LockedPreview
      title={data.title}
      description={data.description}
      meta={
        <span className="inline-flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="rounded-full bg-sky-50 px-2.5 py-1 font-semibold text-sky-800">{data.category_name ?? m.noCategory}</span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden />
            {formatDate(data.created_at)}
          </span>
        </span>
      }
    >
      {tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={m.tags}>
          {tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </LockedPreview>
  );
}

export default function ContentPage() {
  const { id = '' } = useParams();
  return (
    <div className="space-y-6">
      <Link to="/contents" className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {m.back}
      </Link>
      <AccessGuard subscriber preview={<ContentPreviewPanel id={id} />}>
        <ContentDetail id={id} />
      </AccessGuard>
    </div>
  );
}

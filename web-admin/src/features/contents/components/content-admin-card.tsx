import type { Content } from '@clima/contract/catalog';
import { CalendarDays, Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { ContentThumbnail } from './content-thumbnail';
import type { VideoProcessing } from '@clima/contract/video-streams';
import { VideoProcessingStatus } from '../../../shared/video/video-processing-status';

const m = messages.contents;
const MAX_TAGS = 3;

function parseTags(tags: string): string[] {
  try {
    const list: unknown = JSON.parse(tags);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
  } catch {
    return [];
  }
}

const iconButton = 'grid size-9 place-items-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-sky-600';

/** A content in the admin grid (spec 2.14). */
export function ContentAdminCard({
  content,
  video,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  content: Content;
  /** The conversion of its uploaded video, when it has one (issue 28). */
  video?: VideoProcessing;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const published = content.is_published === 1;
  const tags = parseTags(content.tags);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="admin-content-card">
      <div className="relative aspect-video bg-slate-100">
        <ContentThumbnail content={content} />
        <div className="absolute inset-x-2.5 top-2.5 flex items-start justify-between gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-[11px] font-bold shadow-sm ${published ? 'bg-emerald-700 text-white' : 'bg-white/90 text-slate-700'}`}
            data-testid="content-status"
          >
            {published ? m.published : m.draft}
          </span>
          {content.video_orientation === 'vertical' && (
            <span className="rounded-full bg-violet-600 px-2.5 py-0.5 text-[11px] font-bold tracking-wider text-white shadow-sm">{m.vertical}</span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className={`wrap-anywhere rounded-full px-2.5 py-0.5 font-semibold ${content.category_name ? 'bg-sky-50 text-sky-700' : 'bg-slate-100 text-slate-700'}`}>
            {content.category_name ?? m.noCategory}
          </span>
          <span className="inline-flex shrink-0 items-center gap-1 text-slate-500">
            <Eye className="size-3.5" aria-hidden />
            {m.views(content.views_count)}
          </span>
        </div>
        <h2 className="mt-2.5 line-clamp-2 font-bold leading-snug text-slate-900">{content.title}</h2>
        {content.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{content.description}</p>}
        {video && (
          <div className="mt-2">
            <VideoProcessingStatus video={video} compact />
          </div>
        )}
        {tags.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1.5">
            {tags.slice(0, MAX_TAGS).map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">
                #{tag}
              </li>
            ))}
            {tags.length > MAX_TAGS && <li className="rounded-full bg-sky-50 px-2 py-0.5 text-[11px] font-semibold text-sky-700">+{tags.length - MAX_TAGS}</li>}
          </ul>
        )}
        <div className="mt-auto pt-4">
          <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
            <span className="inline-flex items-center gap-1 text-xs text-slate-500">
              <CalendarDays className="size-3.5" aria-hidden />
              {formatDate(content.created_at)}
            </span>
            <div className="flex gap-0.5">
              <button
                type="button"
                onClick={onToggle}
                disabled={toggling}
                aria-pressed={published}
                aria-label={published ? m.unpublishLabel(content.title) : m.publishLabel(content.title)}
                title={published ? m.published : m.draft}
                className={`${iconButton} disabled:opacity-50 ${published ? 'text-emerald-700 hover:bg-emerald-50' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-700'}`}
              >
                {published ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
              </button>
              <button type="button" onClick={onEdit} aria-label={m.editLabel(content.title)} title={messages.common.edit} className={`${iconButton} text-slate-500 hover:bg-sky-50 hover:text-sky-700`}>
                <Pencil className="size-4" aria-hidden />
              </button>
              <button type="button" onClick={onDelete} aria-label={m.deleteLabel(content.title)} title={messages.common.delete} className={`${iconButton} text-slate-500 hover:bg-red-50 hover:text-red-600`}>
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

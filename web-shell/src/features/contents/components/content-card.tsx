import type { Content } from '@clima/contract/catalog';
import { videoThumbnail } from '@clima/contract/video';
import { CalendarDays, Eye, Lock, PlayCircle, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate, formatNumber } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { STRETCHED_LINK } from '../../../shared/ui/stretched-link';
import { parseTags, TagList } from '../../../shared/ui/tag-list';

const m = messages.contents;

/** Still of the hosted video when there is one (subscribers only get the links), else a branded panel. */
function CardCover({ content, locked }: { content: Content; locked: boolean }) {
  const thumbnail = videoThumbnail(content.video_url);
  const [broken, setBroken] = useState(false);
  return (
    <div className="relative aspect-video overflow-hidden rounded-t-2xl bg-gradient-to-br from-sky-800 via-sky-700 to-cyan-600">
      {thumbnail && !broken ? (
        <img src={thumbnail} alt="" loading="lazy" onError={() => setBroken(true)} className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
      ) : (
        <div className="absolute inset-0 opacity-30 [background-image:radial-gradient(circle_at_20%_20%,white_1px,transparent_1px)] [background-size:18px_18px]" aria-hidden />
      )}
      <span className="absolute inset-0 grid place-items-center" aria-hidden>
        <span className="grid size-14 place-items-center rounded-full bg-white/90 text-sky-700 shadow-lg transition-transform group-hover:scale-110">
          {locked ? <Lock className="size-6" /> : <PlayCircle className="size-8" />}
        </span>
      </span>
      {content.video_orientation === 'vertical' && (
        <span className="absolute right-2.5 top-2.5 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-semibold text-white">
          <Smartphone className="size-3" aria-hidden />
          {m.vertical}
        </span>
      )}
    </div>
  );
}

/**
 * A content card of spec 2.5: views, category, date, title, description, up to 3 tags and 'Assistir'.
 * `locked` shows a padlock (no active subscription); with `onLockedWatch` (visitors) the button opens
 * the sign-in dialog instead of the detail page.
 */
export function ContentCard({ content, locked = false, onLockedWatch }: { content: Content; locked?: boolean; onLockedWatch?: () => void }) {
  const watchClass = `${buttonStyles.primary} relative z-10 px-4 py-2`;
  return (
    <article
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-sky-600 hover:shadow-md"
      data-testid="content-card"
    >
      <CardCover content={content} locked={locked} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-3 text-xs text-slate-500">
          <span className="wrap-anywhere rounded-full bg-sky-50 px-2.5 py-1 font-semibold text-sky-700">{content.category_name ?? m.noCategory}</span>
          <span className="inline-flex shrink-0 items-center gap-1" title={m.viewsCount(content.views_count)}>
            <Eye className="size-3.5" aria-hidden />
            <span data-testid="content-views">{formatNumber(content.views_count)}</span>
            <span className="sr-only">{m.viewsWord(content.views_count)}</span>
          </span>
        </div>
        {/* the title's link covers the whole card (issue 25: only 'Assistir' opened it) */}
        <h2 className="mt-3 text-lg font-bold leading-snug text-slate-900">
          {onLockedWatch ? (
            <button type="button" onClick={onLockedWatch} className={`text-left ${STRETCHED_LINK}`}>
              {content.title}
            </button>
          ) : (
            <Link to={`/content/${content.id}`} className={STRETCHED_LINK}>
              {content.title}
            </Link>
          )}
        </h2>
        {content.description && <p className="mt-1.5 line-clamp-2 text-sm text-slate-600">{content.description}</p>}
        <div className="mt-3">
          <TagList tags={parseTags(content.tags)} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-3 pt-5">
          <span className="inline-flex items-center gap-1 text-xs text-slate-500">
            <CalendarDays className="size-3.5" aria-hidden />
            {formatDate(content.created_at)}
          </span>
          {onLockedWatch ? (
            <button type="button" onClick={onLockedWatch} aria-label={m.watchLabel(content.title)} className={watchClass}>
              <PlayCircle className="size-4" aria-hidden />
              {m.watch}
            </button>
          ) : (
            <Link to={`/content/${content.id}`} aria-label={m.watchLabel(content.title)} className={watchClass}>
              <PlayCircle className="size-4" aria-hidden />
              {m.watch}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../i18n/messages';
import { formatClock } from '../../lib/format';

const m = messages.continueWatching;

export interface ContinueItem {
  key: string;
  href: string;
  title: string;
  /** The course of a lesson, the category of a content. */
  subtitle: string | null;
  image: string | null;
  position: number;
  duration: number;
}

function Cover({ image }: { image: string | null }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="relative aspect-video overflow-hidden bg-gradient-to-br from-sky-800 via-sky-700 to-cyan-600">
      {image && !broken ? (
        <img src={image} alt="" loading="lazy" onError={() => setBroken(true)} className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
      ) : (
        <div className="absolute inset-0 opacity-30 [background-image:radial-gradient(circle_at_20%_20%,white_1px,transparent_1px)] [background-size:18px_18px]" aria-hidden />
      )}
      <span className="absolute inset-0 grid place-items-center" aria-hidden>
        <span className="grid size-11 place-items-center rounded-full bg-white/90 text-sky-700 shadow-lg transition-transform group-hover:scale-110">
          <PlayCircle className="size-7" />
        </span>
      </span>
    </div>
  );
}

/**
 * 'Continuar assistindo': the videos the user started and has not finished, each with how far they got.
 * One swipeable row on a phone, a grid from tablets up; nothing at all when the list is empty.
 */
export function ContinueRow({ items, testId }: { items: ContinueItem[]; testId: string }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={`${testId}-title`} className="space-y-3" data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-lg font-bold text-slate-900">
        {m.title}
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-4">
        {items.map((item) => {
          const percent = item.duration > 0 ? Math.min(100, Math.round((item.position / item.duration) * 100)) : 0;
          return (
            <li key={item.key} className="w-64 shrink-0 snap-start sm:w-auto" data-testid="continue-card">
              <Link
                to={item.href}
                aria-label={m.resume(item.title)}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              >
                <Cover image={item.image} />
                <div
                  className="h-1.5 bg-slate-200"
                  role="progressbar"
                  aria-valuenow={percent}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={m.watchedUntil(formatClock(item.position), formatClock(item.duration))}
                >
                  <div className="h-full bg-gradient-to-r from-sky-500 to-cyan-400" style={{ width: `${percent}%` }} />
                </div>
                <div className="flex flex-1 flex-col gap-1 p-3.5">
                  {item.subtitle && <p className="wrap-anywhere text-xs font-semibold text-sky-700">{item.subtitle}</p>}
                  <p className="line-clamp-2 text-sm font-semibold leading-snug text-slate-900">{item.title}</p>
                  <p className="mt-auto pt-1 text-xs tabular-nums text-slate-500" data-testid="continue-time">
                    {m.watchedUntil(formatClock(item.position), formatClock(item.duration))}
                  </p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

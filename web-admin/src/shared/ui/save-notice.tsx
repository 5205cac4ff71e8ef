import { CheckCircle2, ExternalLink, X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { buttonStyles } from '@clima/web-kit/button';
import { messages } from '../../i18n/messages';

const m = messages.notice;

/** What the admin just saved. A draft offers 'Publicar agora'; something published, 'Ver no site'. */
export interface SavedNotice {
  title: string;
  text?: string;
  /** The page of the end-user site showing it. */
  siteUrl: string;
  /** Absent for things without drafts (categories): they are on the site as soon as they are saved. */
  published?: boolean;
  /** Publishes the draft; resolves once it is published. */
  publish?: () => Promise<unknown>;
}

const NoticeContext = createContext<(notice: SavedNotice) => void>(() => undefined);

/** The one success notice of the admin forms: not blocking, announced, closed by the admin or replaced by the next one. */
export function SaveNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<SavedNotice | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [failed, setFailed] = useState(false);

  const show = useCallback((next: SavedNotice) => {
    setFailed(false);
    setNotice(next);
  }, []);

  const publish = async () => {
    if (!notice?.publish) return;
    setPublishing(true);
    setFailed(false);
    try {
      await notice.publish();
      setNotice({ ...notice, published: true, text: m.publishedNow });
    } catch {
      setFailed(true);
    } finally {
      setPublishing(false);
    }
  };

  const draft = notice?.published === false;
  return (
    <NoticeContext.Provider value={show}>
      {children}
      <section aria-label={m.region} className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end">
        <div role="status" className="sr-only">
          {notice ? `${notice.title} ${notice.text ?? ''} ${failed ? m.publishFailed : ''}`.trim() : ''}
        </div>
        {notice && (
          <div className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200" data-testid="save-notice">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{notice.title}</p>
              {notice.text && <p className="mt-0.5 text-sm text-slate-700">{notice.text}</p>}
              {failed && <p className="mt-1 text-sm text-red-700">{m.publishFailed}</p>}
              <div className="mt-3 flex flex-wrap gap-2">
                {draft && notice.publish ? (
                  <button type="button" onClick={() => void publish()} disabled={publishing} className={`${buttonStyles.primary} min-h-11`}>
                    {publishing ? m.publishing : m.publishNow}
                  </button>
                ) : (
                  <a href={notice.siteUrl} target="_blank" rel="noopener" className={`${buttonStyles.secondary} min-h-11`}>
                    <ExternalLink className="size-4" aria-hidden />
                    {m.viewOnSite}
                    <span className="sr-only"> {m.newTab}</span>
                  </a>
                )}
              </div>
            </div>
            <button type="button" onClick={() => setNotice(null)} aria-label={m.close} className="-mr-1 -mt-1 grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <X className="size-5" aria-hidden />
            </button>
          </div>
        )}
      </section>
    </NoticeContext.Provider>
  );
}

export function useSaveNotice() {
  const show = useContext(NoticeContext);
  return useMemo(() => ({ show }), [show]);
}

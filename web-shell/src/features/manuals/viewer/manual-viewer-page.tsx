import type { Manual } from '@clima/contract/manuals';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink, FileWarning, Search, WifiOff, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from '@clima/router';
import { buttonStyles } from '@clima/web-kit/button';
import { PageSpinner, Spinner } from '@clima/web-kit/spinner';
import { queryKeys } from '../../../app/query-keys';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useLearningActivity } from '../../../shared/learning/learning-activity';
import { RouteErrorBoundary } from '../../../shared/ui/route-error-boundary';
import { AccessRestricted, SubscriptionRequired } from '../../access/components/access-gates';
import { useAuth } from '../../auth/hooks/use-auth';
import { ExternalManualError, fetchManualPages, fetchManualPdf } from '../api/manuals-api';
import { OfflineToggle } from '../components/offline-toggle';
import type { ViewerLinkState } from '../components/search-results';
import { useOfflineCheck, useOfflineManual } from '../hooks/use-offline-manuals';
import { manualsKitMessages } from '../manuals-messages';
import { getOfflinePdf } from '../offline/offline-store';
import { MAX_QUERY_LENGTH } from '../search/text-search';
import { clampZoom, PdfPage, type OcrWordsOf, type PageRendered } from './pdf-page';
import { loadPdfJs, openPdf } from './pdfjs';

const m = manualsKitMessages.viewer;
const ZOOM_STEP = 1.25;

/** A manual the app already listed (library, search results), for a viewer opened without one in its link. */
function listedManual(queryClient: QueryClient, id: number): Manual | undefined {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: queryKeys.manualsAll })) {
    const found = Array.isArray(data) ? (data as Manual[]).find((x) => x.id === id) : undefined;
    if (found) return found;
  }
  for (const [, data] of queryClient.getQueriesData<{ results?: { manual: Manual }[] }>({ queryKey: queryKeys.manualSearchAll })) {
    const found = data?.results?.find((r) => r.manual.id === id)?.manual;
    if (found) return found;
  }
  return undefined;
}

const positivePage = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * The viewer's screen: the whole window (a route of its own, outside the app's header and footer, so a
 * phone gives all its height to the page), a top bar with the way back, and what it shows.
 */
function ViewerFrame({ title, subtitle, onBack, actions, children }: { title: string; subtitle?: string; onBack: () => void; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex h-dvh flex-col bg-slate-700">
      <header className="flex h-14 shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-1.5 shadow-sm sm:gap-3 sm:px-3">
        <button type="button" onClick={onBack} className={buttonStyles.icon} aria-label={m.back}>
          <ArrowLeft className="size-5" aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="wrap-anywhere text-sm font-bold text-slate-900 sm:text-base">{title}</h1>
          {subtitle && <p className="wrap-anywhere text-xs text-slate-500">{subtitle}</p>}
        </div>
        {actions}
      </header>
      <main className="flex min-h-0 flex-1 flex-col" aria-label={m.document(title)}>
        <RouteErrorBoundary resetKey={title}>{children}</RouteErrorBoundary>
      </main>
    </div>
  );
}

function CenteredMessage({ icon, text, action }: { icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className="grid flex-1 place-items-center p-6">
      <div className="max-w-sm rounded-2xl bg-white p-6 text-center shadow-lg">
        <span className="mx-auto mb-3 grid size-12 place-items-center rounded-full bg-slate-100 text-slate-600">{icon}</span>
        <p className="text-slate-800" role="alert">
          {text}
        </p>
        {action && <div className="mt-4 flex justify-center">{action}</div>}
      </div>
    </div>
  );
}

function PageControls({ page, total, onPage, zoom, onZoom }: { page: number; total: number; onPage: (n: number) => void; zoom: number; onZoom: (z: number) => void }) {
  const [draft, setDraft] = useState(String(page));
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setDraft(String(page));
  }
  const jump = () => {
    const n = Number(draft);
    if (Number.isInteger(n) && n >= 1 && n <= total) onPage(n);
    else setDraft(String(page));
  };
  return (
    <footer className="flex h-16 shrink-0 items-center justify-between gap-1 border-t border-slate-200 bg-white px-1.5 sm:justify-center sm:gap-6 sm:px-4">
      <div className="flex items-center gap-0.5 sm:gap-1">
        <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className={buttonStyles.icon} aria-label={m.previous}>
          <ChevronLeft className="size-6" aria-hidden />
        </button>
        <form
          className="flex items-center gap-1.5 text-sm text-slate-600"
          onSubmit={(event) => {
            event.preventDefault();
            jump();
          }}
        >
          <input
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            enterKeyHint="go"
            value={draft}
            onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 5))}
            onBlur={jump}
            onFocus={(event) => event.target.select()}
            aria-label={m.pageInput}
            className="h-10 w-12 rounded-lg border border-slate-300 text-center text-base font-semibold text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30"
          />
          <span className="whitespace-nowrap" aria-hidden>
            {m.pageOf(total)}
          </span>
          <span className="sr-only" aria-live="polite" data-testid="page-status">
            {m.pageStatus(page, total)}
          </span>
        </form>
        <button type="button" onClick={() => onPage(page + 1)} disabled={page >= total} className={buttonStyles.icon} aria-label={m.next}>
          <ChevronRight className="size-6" aria-hidden />
        </button>
      </div>
      <div className="flex items-center gap-0.5 sm:gap-1">
        <button type="button" onClick={() => onZoom(clampZoom(zoom / ZOOM_STEP))} disabled={zoom <= 0.5} className={buttonStyles.icon} aria-label={m.zoomOut}>
          <ZoomOut className="size-5" aria-hidden />
        </button>
        <button type="button" onClick={() => onZoom(1)} className={`${buttonStyles.ghost} w-16 px-1 tabular-nums`} aria-label={m.zoomFit} title={m.zoomFit}>
          {m.zoomLevel(Math.round(zoom * 100))}
        </button>
        <button type="button" onClick={() => onZoom(clampZoom(zoom * ZOOM_STEP))} disabled={zoom >= 5} className={buttonStyles.icon} aria-label={m.zoomIn}>
          <ZoomIn className="size-5" aria-hidden />
        </button>
      </div>
    </footer>
  );
}

/** The document: pdf.js opens the bytes; page, zoom and matches on the page. */
function PdfDocumentView({
  bytes,
  page,
  total: knownTotal,
  query,
  onPage,
  onTotal,
  ocrWords,
}: {
  bytes: ArrayBuffer;
  page: number;
  total: number | null;
  query: string;
  onPage: (n: number) => void;
  onTotal: (n: number) => void;
  ocrWords: OcrWordsOf;
}) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [zoom, setZoom] = useState(1);
  const [matches, setMatches] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // a manual open on the screen is study time for the ranking (see shared/learning/learning-activity.ts)
  useLearningActivity('manual', doc !== null);

  useEffect(() => {
    let live = true;
    let opened: PDFDocumentProxy | null = null;
    openPdf(bytes).then(
      (d) => {
        opened = d;
        if (live) {
          setDoc(d);
          onTotal(d.numPages);
        } else void d.destroy();
      },
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [bytes, onTotal]);

  const total = doc?.numPages ?? knownTotal ?? 1;
  const current = Math.min(page, total);
  const onRendered = useCallback((r: PageRendered) => setMatches(r.matches), []);
  const onError = useCallback((err: unknown) => setError(err), []);

  // arrows turn the pages (not while typing a page number)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      if (event.key === 'ArrowRight' && current < total) onPage(current + 1);
      if (event.key === 'ArrowLeft' && current > 1) onPage(current - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, total, onPage]);

  if (error) return <CenteredMessage icon={<FileWarning className="size-6" aria-hidden />} text={m.failed} />;
  return (
    <>
      {query && matches !== null && (
        <p className={`flex shrink-0 items-center gap-2 px-3 py-1.5 text-xs font-medium sm:text-sm ${matches > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`} role="status" data-testid="viewer-matches">
          <Search className="size-3.5 shrink-0" aria-hidden />
          {matches > 0 ? m.matches(matches, query) : m.noMatch(query)}
        </p>
      )}
      {/* the page scrolls with the keyboard too (a zoomed page is wider and taller than the screen) */}
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={m.pageArea(current)}
        className="relative flex-1 touch-pan-x touch-pan-y overflow-auto overscroll-contain p-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600 sm:p-4"
        data-testid="viewer-scroller"
      >
        {doc ? (
          <PdfPage key={current} doc={doc} pageNumber={current} zoom={zoom} onZoom={setZoom} query={query} scroller={scroller} onRendered={onRendered} onError={onError} ocrWords={ocrWords} />
        ) : (
          <div className="grid h-full place-items-center">
            <Spinner size="lg" label={m.loading} />
          </div>
        )}
      </div>
      <PageControls page={current} total={total} onPage={(n) => onPage(Math.min(Math.max(1, n), total))} zoom={zoom} onZoom={setZoom} />
    </>
  );
}

function ManualViewer({ id }: { id: number }) {
  const [params, setParams] = useSearchParams();
  const page = positivePage(params.get('page'));
  const query = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isPending } = useAuth();
  const offline = useOfflineCheck();
  const copy = useOfflineManual(id, !offline.checking);
  const [total, setTotal] = useState<number | null>(null);

  // pdf.js downloads while the PDF does
  useEffect(() => {
    loadPdfJs().catch(() => undefined);
  }, []);

  const linked = (location.state as Partial<ViewerLinkState> | null)?.manual;
  const manual = (linked?.id === id ? linked : undefined) ?? copy.data?.manual ?? listedManual(queryClient, id);
  const subscriber = hasActiveSubscription(user);
  // the copy in this browser when there is one (no network needed, no download counted); else the download flow
  const fromCopy = copy.data != null;
  const decided = !offline.checking && !copy.isPending;
  const mayDownload = !offline.offline && subscriber;

  const pdf = useQuery({
    queryKey: queryKeys.manualPdf(id),
    queryFn: async ({ signal }) => {
      if (fromCopy) {
        const bytes = await getOfflinePdf(id);
        if (bytes) return { bytes, filename: null };
      }
      return fetchManualPdf(id, signal);
    },
    enabled: decided && (fromCopy || mayDownload),
    staleTime: Infinity,
    // a PDF can weigh tens of MB: not kept long after the viewer closes
    gcTime: 60_000,
    networkMode: 'always',
    retry: false,
  });

  const onTotal = useCallback((n: number) => setTotal(n), []);
  // a scanned page's OCR words: from the offline copy when there is one, else asked once per manual
  const offlinePages = copy.data?.pages;
  const ocrWords = useCallback<OcrWordsOf>(
    async (n) => {
      const pages = offlinePages ?? (await queryClient.fetchQuery({ queryKey: queryKeys.manualPages(id), queryFn: ({ signal }) => fetchManualPages(id, signal), staleTime: Infinity })).pages;
      return pages.find((p) => p.page === n)?.words;
    },
    [offlinePages, queryClient, id],
  );
  const goToPage = useCallback(
    (n: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('page', String(n));
          return next;
        },
        { replace: true, state: location.state },
      ),
    [setParams, location.state],
  );
  // back to where the viewer was opened from (the results keep their search in the address)
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/manuals'));

  const title = manual?.title ?? pdf.data?.filename?.replace(/\.pdf$/i, '') ?? manualsKitMessages.tabs.label;
  const subtitle = manual ? `${manual.manufacturer_name} · ${manual.model_name}` : undefined;
  const toggle = manual && (subscriber || fromCopy) && pdf.data ? <OfflineToggle manual={manual} pdf={pdf.data.bytes} compact /> : null;

  let body: ReactNode;
  if (!decided || (!offline.offline && isPending && !fromCopy)) body = <PageSpinner label={m.loading} />;
  else if (!fromCopy && offline.offline) body = <CenteredMessage icon={<WifiOff className="size-6" aria-hidden />} text={manualsKitMessages.offline.notSaved} />;
  else if (!fromCopy && !user)
    body = (
      <div className="flex-1 overflow-auto bg-slate-50 p-4">
        <AccessRestricted />
      </div>
    );
  else if (!fromCopy && !subscriber)
    body = (
      <div className="flex-1 overflow-auto bg-slate-50 p-4">
        <SubscriptionRequired />
      </div>
    );
  else if (pdf.isError) {
    const err = pdf.error;
    body =
      err instanceof ExternalManualError ? (
        <CenteredMessage
          icon={<ExternalLink className="size-6" aria-hidden />}
          text={m.external}
          action={
            <a href={err.url} target="_blank" rel="noopener noreferrer" className={buttonStyles.primary}>
              {m.openExternal}
            </a>
          }
        />
      ) : (
        <CenteredMessage
          icon={<FileWarning className="size-6" aria-hidden />}
          text={m.failed}
          action={
            <button type="button" onClick={() => void pdf.refetch()} className={buttonStyles.primary}>
              {m.retry}
            </button>
          }
        />
      );
  } else if (!pdf.data) body = <PageSpinner label={m.loading} />;
  else body = <PdfDocumentView bytes={pdf.data.bytes} page={page} total={total ?? manual?.page_count ?? null} query={query} onPage={goToPage} onTotal={onTotal} ocrWords={ocrWords} />;

  return (
    <ViewerFrame title={title} subtitle={subtitle} onBack={back} actions={toggle}>
      {body}
    </ViewerFrame>
  );
}

/** /manuals/{id}?page=12&q=E4 — a manual in the in-app viewer, at a page, with the search marked. */
export default function ManualViewerPage() {
  const { id } = useParams();
  const manualId = Number(id);
  const navigate = useNavigate();
  if (!Number.isInteger(manualId) || manualId <= 0) {
    return (
      <ViewerFrame title={manualsKitMessages.tabs.label} onBack={() => navigate('/manuals')}>
        <CenteredMessage icon={<FileWarning className="size-6" aria-hidden />} text={m.failed} />
      </ViewerFrame>
    );
  }
  return <ManualViewer key={manualId} id={manualId} />;
}

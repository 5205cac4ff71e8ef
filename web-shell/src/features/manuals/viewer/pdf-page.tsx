import type { OcrWord } from '@clima/contract/manuals';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Spinner } from '@clima/web-kit/spinner';
import { manualsKitMessages } from '../manuals-messages';
import { highlightTextLayer, ocrTextLayer } from './highlight';
import { loadPdfJs } from './pdfjs';
import './pdf-viewer.css';

const m = manualsKitMessages.viewer;

/** Canvas pixels at most (about 16 M): phone browsers refuse larger canvases, and zooming in would hit it. */
const MAX_CANVAS_PIXELS = 16_000_000;

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 5;
export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

/** Where a pinch happened, to keep that point under the fingers after the page is drawn at the new zoom. */
interface ZoomAnchor {
  /** Point in page coordinates at zoom 1 (CSS pixels / scale). */
  pageX: number;
  pageY: number;
  /** The same point in the scroll container's viewport. */
  viewX: number;
  viewY: number;
}

export interface PageRendered {
  matches: number;
}

/** The words OCR read on a page of the manual (undefined when the page was not read by OCR or they cannot be had). */
export type OcrWordsOf = (page: number) => Promise<OcrWord[] | undefined>;

/**
 * One page of the PDF: drawn on a canvas (sharp at the device's pixel ratio), with pdf.js's text layer
 * over it (selectable text) where the query's matches are marked, the first scrolled into view; a scanned
 * page (no text in the PDF) gets the words OCR read on it instead, placed where OCR found them. Pinch
 * (two fingers) zooms live with a CSS transform and redraws at the new zoom when the fingers lift.
 */
export function PdfPage({
  doc,
  pageNumber,
  zoom,
  onZoom,
  query,
  scroller,
  onRendered,
  onError,
  ocrWords,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  zoom: number;
  onZoom: (zoom: number) => void;
  query: string;
  scroller: RefObject<HTMLDivElement | null>;
  onRendered: (result: PageRendered) => void;
  onError: (err: unknown) => void;
  ocrWords?: OcrWordsOf;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const canvasHost = useRef<HTMLDivElement>(null);
  const textHost = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [available, setAvailable] = useState(0);
  const [drawing, setDrawing] = useState(true);
  const anchor = useRef<ZoomAnchor | null>(null);
  /** The page and query whose first match was scrolled to: zooming must not jump back to it. */
  const scrolledFor = useRef('');

  // width available for the page (fit to width at zoom 1), following the window and the phone's rotation
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller]);

  // the page's own size, known before it is drawn, so the frame holds its place at once
  useEffect(() => {
    let live = true;
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (!live) return;
        const v = page.getViewport({ scale: 1 });
        setSize({ width: v.width, height: v.height });
      })
      .catch(onError);
    return () => {
      live = false;
    };
  }, [doc, pageNumber, onError]);

  const fit = size && available > 0 ? Math.min(available - 16, 960) / size.width : 0;
  const scale = fit * zoom;

  useEffect(() => {
    if (scale <= 0) return;
    let live = true;
    let task: RenderTask | null = null;
    let layer: { cancel(): void } | null = null;
    setDrawing(true);
    (async () => {
      const [pdfjs, page] = await Promise.all([loadPdfJs(), doc.getPage(pageNumber)]);
      if (!live) return;
      const viewport = page.getViewport({ scale });
      const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
      // a fresh canvas for every drawing: the one on screen stays until the new one is ready
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      canvas.className = 'block';
      task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise;
      if (!live) return;
      const content = await page.getTextContent();
      if (!live) return;
      // a page without text of its own (a scan): the words OCR read on it, when the server has them
      const scanned = !content.items.some((item) => 'str' in item && item.str.trim() !== '');
      const words = scanned && ocrWords ? await ocrWords(pageNumber).catch(() => undefined) : undefined;
      if (!live) return;
      let layerDiv: HTMLDivElement;
      let count: number;
      let first: HTMLElement | null;
      if (words?.length) {
        ({ layer: layerDiv, count, first } = ocrTextLayer(words, viewport.height, query));
      } else {
        layerDiv = document.createElement('div');
        layerDiv.className = 'textLayer';
        const textLayer = new pdfjs.TextLayer({ textContentSource: content, container: layerDiv, viewport });
        layer = textLayer;
        await textLayer.render();
        if (!live) return;
        const endsLine = content.items.filter((item) => 'str' in item).map((item) => ('hasEOL' in item ? item.hasEOL : false));
        ({ count, first } = highlightTextLayer(textLayer.textDivs, textLayer.textContentItemsStr, endsLine, query));
      }
      frame.current?.style.setProperty('--total-scale-factor', String(scale));
      canvasHost.current?.replaceChildren(canvas);
      textHost.current?.replaceChildren(layerDiv);
      setDrawing(false);
      onRendered({ matches: count });
      const key = `${pageNumber}|${query}`;
      if (first && scrolledFor.current !== key) {
        scrolledFor.current = key;
        first.scrollIntoView({ block: 'center', inline: 'center' });
      }
    })().catch((err: unknown) => {
      if (live && !(err instanceof Error && err.name === 'RenderingCancelledException')) onError(err);
    });
    return () => {
      live = false;
      task?.cancel();
      layer?.cancel();
    };
  }, [doc, pageNumber, scale, query, onRendered, onError, ocrWords]);

  // another page starts at its top (this component is mounted again for each page)
  useLayoutEffect(() => {
    scroller.current?.scrollTo({ left: 0, top: 0 });
  }, [scroller]);

  // on a new zoom the page keeps what the user was looking at: the point between the fingers after a
  // pinch, the middle of the screen after the buttons (or a rotation of the phone)
  const last = useRef<{ scale: number; left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    const f = frame.current;
    if (!el || !f || scale <= 0) return;
    const prev = last.current;
    last.current = { scale, left: f.offsetLeft, top: f.offsetTop };
    const a = anchor.current;
    anchor.current = null;
    if (a) {
      el.scrollTo({ left: f.offsetLeft + a.pageX * scale - a.viewX, top: f.offsetTop + a.pageY * scale - a.viewY });
    } else if (prev && prev.scale !== scale) {
      const k = scale / prev.scale;
      const cx = el.scrollLeft + el.clientWidth / 2 - prev.left;
      const cy = el.scrollTop + el.clientHeight / 2 - prev.top;
      el.scrollTo({ left: f.offsetLeft + cx * k - el.clientWidth / 2, top: f.offsetTop + cy * k - el.clientHeight / 2 });
    }
  }, [scale, scroller]);

  // pinch-zoom: two fingers scale the page live; the drawing at the new zoom follows when they lift
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let start: { distance: number; zoom: number; origin: ZoomAnchor } | null = null;
    let ratio = 1;
    const distance = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 2 || !frame.current || scale <= 0) return;
      const rect = frame.current.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const cx = (event.touches[0]!.clientX + event.touches[1]!.clientX) / 2;
      const cy = (event.touches[0]!.clientY + event.touches[1]!.clientY) / 2;
      start = { distance: distance(event.touches), zoom, origin: { pageX: (cx - rect.left) / scale, pageY: (cy - rect.top) / scale, viewX: cx - box.left, viewY: cy - box.top } };
      ratio = 1;
      frame.current.style.transformOrigin = `${cx - rect.left}px ${cy - rect.top}px`;
    };
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2 || !frame.current) return;
      event.preventDefault();
      ratio = clampZoom((start.zoom * distance(event.touches)) / start.distance) / start.zoom;
      frame.current.style.transform = `scale(${ratio})`;
    };
    const onEnd = (event: TouchEvent) => {
      if (!start || event.touches.length >= 2) return;
      if (frame.current) frame.current.style.transform = '';
      if (Math.abs(ratio - 1) > 0.02) {
        anchor.current = start.origin;
        onZoom(clampZoom(start.zoom * ratio));
      }
      start = null;
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [scroller, scale, zoom, onZoom]);

  const width = size ? Math.floor(size.width * scale) : 0;
  const height = size ? Math.floor(size.height * scale) : 0;
  return (
    <div
      ref={frame}
      className="manual-page relative mx-auto bg-white shadow-xl ring-1 ring-black/10"
      style={{ width: width || undefined, height: height || undefined, minWidth: width ? undefined : 'min(100%, 20rem)', minHeight: height ? undefined : '60vh' }}
      data-testid="pdf-page"
      data-page={pageNumber}
      data-rendered={drawing ? 'false' : 'true'}
    >
      <div ref={canvasHost} className="absolute inset-0" />
      <div ref={textHost} className="absolute inset-0" />
      {drawing && (
        <div className="absolute inset-0 grid place-items-center bg-white/40">
          <Spinner label={m.renderingPage} />
        </div>
      )}
    </div>
  );
}

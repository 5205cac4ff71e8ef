import { MANUAL_MESSAGES, MAX_PDF_BYTES, type ManualUploadAnswer } from '@clima/contract/manuals';
import { CheckCircle2, FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { manualErrorText, uploadManualPdf } from '../api/manuals-api';
import { formatMegabytes } from './format-size';

const f = messages.manuals.form;

type UploadState = { status: 'idle' } | { status: 'uploading'; percent: number } | { status: 'done'; size: number } | { status: 'error'; message: string };

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * Sends a PDF to the storage as an alternative to pasting a URL; on success the form's file URL becomes
 * the address the upload answered. The server checks the bytes; the browser checks type and size first.
 */
export function PdfUploadField({ onUploaded, onBusyChange }: { onUploaded: (answer: ManualUploadAnswer) => void; onBusyChange: (busy: boolean) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const statusId = useId();
  const busy = state.status === 'uploading';

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const upload = async (file: File) => {
    if (!isPdf(file)) return setState({ status: 'error', message: MANUAL_MESSAGES.notPdf });
    if (file.size > MAX_PDF_BYTES) return setState({ status: 'error', message: MANUAL_MESSAGES.tooLarge('100MB') });
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ status: 'uploading', percent: 0 });
    try {
      const answer = await uploadManualPdf(file, (percent) => setState({ status: 'uploading', percent }), controller.signal);
      onUploaded(answer);
      setState({ status: 'done', size: answer.file_size });
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error(messages.manuals.logs.upload, err);
      setState({ status: 'error', message: manualErrorText(err) });
    }
  };

  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="button" onClick={() => inputRef.current?.click()} disabled={busy} className={buttonStyles.secondary} aria-describedby={statusId}>
          <FileUp className="size-4" aria-hidden />
          {state.status === 'done' ? f.uploadAnother : f.upload}
        </button>
        <p className="text-xs text-slate-500">{f.uploadHint}</p>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="manual-pdf-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <div id={statusId} aria-live="polite" className="empty:hidden">
        {state.status === 'uploading' && (
          <div className="mt-3">
            <div className="mb-1 text-xs font-medium text-slate-600">{f.uploading(state.percent)}</div>
            <div className="h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={f.progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.percent}>
              <div className="h-full rounded-full bg-sky-700 transition-[width]" style={{ width: `${state.percent}%` }} />
            </div>
          </div>
        )}
        {state.status === 'done' && (
          <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-emerald-700">
            <CheckCircle2 className="size-4" aria-hidden />
            {f.uploaded(formatMegabytes(state.size))}
          </p>
        )}
        {state.status === 'error' && (
          <p className="mt-3 text-sm text-red-600" role="alert">
            {state.message}
          </p>
        )}
      </div>
    </div>
  );
}

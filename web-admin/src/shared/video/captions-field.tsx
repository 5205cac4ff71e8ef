import { MAX_CAPTIONS_BYTES, normaliseWebVtt, VIDEO_STREAM_MESSAGES, type VideoProcessing } from '@clima/contract/video-streams';
import { Captions, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, labelStyles } from '@clima/web-kit/button';
import { messages } from '../../i18n/messages';
import { api, ApiError } from '../../lib/api';
import { useRefreshVideoProcessing } from './use-video-processing';

const m = messages.videos;

/** The file's text (FileReader: every browser the panel supports). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('leitura'));
    reader.readAsText(file, 'utf-8');
  });

/**
 * 'Legendas (pt-BR)' of an uploaded video: a WebVTT file, checked here and again by the server, sent at once
 * (it belongs to the video file, whichever content or lesson shows it); 'Remover legendas' takes it away.
 */
export function CaptionsField({ name, video }: { name: string; video: VideoProcessing | undefined }) {
  const ids = { input: useId(), hint: useId() };
  const refresh = useRefreshVideoProcessing();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const has = video?.captions ?? false;

  const send = async (vtt: string, done: string) => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await api.put('/api/admin/videos/:name/captions', { params: { name }, body: { vtt }, fallbackError: m.captionsFailed });
      await refresh();
      setNotice(done);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : m.captionsFailed);
    } finally {
      setBusy(false);
    }
  };

  const pick = async (file: File) => {
    if (file.size > MAX_CAPTIONS_BYTES) return setError(VIDEO_STREAM_MESSAGES.captionsTooLarge);
    const text = await readText(file);
    if (normaliseWebVtt(text) === null) return setError(VIDEO_STREAM_MESSAGES.captionsInvalid);
    await send(text, m.captionsSaved);
  };

  return (
    <div className="space-y-2" data-testid="captions-field">
      <label htmlFor={ids.input} className={labelStyles}>
        {m.captions}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={ids.input}
          type="file"
          accept=".vtt,text/vtt"
          aria-describedby={ids.hint}
          disabled={busy}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) pick(file).catch(() => setError(VIDEO_STREAM_MESSAGES.captionsInvalid));
          }}
        />
        <label
          htmlFor={ids.input}
          className={`${buttonStyles.secondary} min-h-11 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-700 ${busy ? 'pointer-events-none opacity-60' : ''}`}
        >
          <Captions className="size-4" aria-hidden />
          {has ? m.replaceCaptions : m.chooseCaptions}
        </label>
        {has && (
          <button type="button" disabled={busy} onClick={() => void send('', m.captionsRemoved)} className={`${buttonStyles.secondary} min-h-11 text-red-700`}>
            <Trash2 className="size-4" aria-hidden />
            {m.removeCaptions}
          </button>
        )}
      </div>
      <p id={ids.hint} className="text-xs text-slate-600">
        {has ? m.captionsPresent : m.captionsHint}
      </p>
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
      {notice && <p className="text-xs font-medium text-emerald-800">{notice}</p>}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

import { z } from 'zod';

/**
 * Streaming of the uploaded videos (issue 28): after an upload the catalog's worker converts the file into an
 * HLS ladder (360p / 540p / 720p, never above the source), a poster and a 360p MP4 for offline use. The
 * original stays playable whatever happens to the conversion.
 */

/** Where the conversion of an upload stands. */
export const VIDEO_TRANSCODE_STATUSES = ['pending', 'processing', 'failed', 'ready'] as const;
export const VideoTranscodeStatus = z.enum(VIDEO_TRANSCODE_STATUSES);
export type VideoTranscodeStatus = z.infer<typeof VideoTranscodeStatus>;

/** The heights of the ladder, lowest first (a source below a rung is never scaled up to it). */
export const HLS_RUNGS = [360, 540, 720] as const;

export const VIDEO_STREAM_MESSAGES = {
  /** The conversion's failure as the admin reads it (followed by the reason). */
  transcodeFailed: 'Não foi possível converter o vídeo',
  captionsInvalid: 'Arquivo de legendas inválido: envie um WebVTT (.vtt) que comece com "WEBVTT" e tenha ao menos uma legenda',
  captionsTooLarge: 'O arquivo de legendas é muito grande. Tamanho máximo: 200KB',
  captionsMissing: 'Envie o texto do arquivo de legendas no campo "vtt"',
  namesInvalid: 'Informe até 100 nomes de vídeos enviados, separados por vírgula',
} as const;

/** Largest captions file, in bytes of UTF-8. */
export const MAX_CAPTIONS_BYTES = 200 * 1024;

/** The admin's view of one upload's conversion (lists and forms of contents and lessons). */
export const VideoProcessing = z.object({
  name: z.string(),
  status: VideoTranscodeStatus,
  /** 0–100 while processing. */
  percent: z.number(),
  /** Why it failed (Portuguese), null otherwise. */
  error: z.string().nullable(),
  /** Heights of the ladder once ready, e.g. [360, 540]. */
  renditions: z.array(z.number()),
  captions: z.boolean(),
});
export type VideoProcessing = z.infer<typeof VideoProcessing>;

/** GET /api/admin/videos?names=a,b: the conversion of each named upload (unknown names are left out). */
export const VideoProcessingQuery = z.object({ names: z.string().max(4000).optional() });
export const VideoProcessingAnswer = z.array(VideoProcessing);

/** POST /api/admin/videos/:name/captions: the WebVTT text ('Legendas (pt-BR)'); an empty text removes them. */
export const CaptionsBody = z.object({ vtt: z.string() });
export type CaptionsBody = z.infer<typeof CaptionsBody>;

/**
 * GET /api/videos/:name/streams, for whoever may watch the file: what the player may use besides the original.
 * Addresses are site paths; `hls` is null until the conversion is ready (the player then plays the original).
 */
export const VideoStreams = z.object({
  status: VideoTranscodeStatus,
  hls: z.string().nullable(),
  poster: z.string().nullable(),
  captions: z.string().nullable(),
  /** The 360p MP4 for offline use, with its size so it can be shown before the download. */
  offline: z.object({ url: z.string(), bytes: z.number() }).nullable(),
  renditions: z.array(z.number()),
});
export type VideoStreams = z.infer<typeof VideoStreams>;

/** Name of a converted file inside an upload's folder: playlists, segments, poster, offline copy, captions. */
export const VIDEO_DERIVED_FILE_RE = /^(?:master\.m3u8|\d{1,4}p\.m3u8|\d{1,4}p_\d{5}\.ts|poster\.jpg|offline\.mp4|captions\.vtt)$/;

/**
 * Checks a WebVTT text: the "WEBVTT" signature (a BOM allowed) and at least one cue timing line
 * (`00:01.000 --> 00:04.000`). Returns the text with line ends normalised, or null when it is not WebVTT.
 */
export function normaliseWebVtt(text: string): string | null {
  const t = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(t)) return null;
  const timing = /^(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}(?:[ \t].*)?$/m;
  if (!timing.test(t)) return null;
  return t.endsWith('\n') ? t : `${t}\n`;
}

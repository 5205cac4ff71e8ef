import { z } from 'zod';
import { MAX_WATCH_INTERVALS, MAX_WATCH_SECONDS, round2, WATCH_EDGE_TOLERANCE, type WatchInterval } from './watch-rules';

export * from './watch-rules';

/** Schemas of the watch reports and answers (rules and constants: watch-rules.ts). */
export const WATCH_MESSAGES = {
  position: 'Posição inválida: informe os segundos assistidos (número maior ou igual a zero)',
  duration: 'Duração inválida: informe a duração do vídeo em segundos (número maior que zero)',
  positionPastEnd: 'A posição não pode passar da duração do vídeo',
  watched: 'Trechos assistidos inválidos: envie uma lista de [início, fim] em segundos',
  watchedOutside: 'Cada trecho assistido deve ficar dentro da duração do vídeo, com o início antes do fim',
  tooManyIntervals: `No máximo ${MAX_WATCH_INTERVALS} trechos assistidos por envio`,
} as const;

const Seconds = (message: string) => z.number({ error: message }).refine(Number.isFinite, message);

/** PUT …/position: the player's report, clamped to the video (position and stretches inside [0, duration]). */
export const WatchReport = z
  .object({
    position: Seconds(WATCH_MESSAGES.position).refine((v) => v >= 0 && v <= MAX_WATCH_SECONDS + WATCH_EDGE_TOLERANCE, WATCH_MESSAGES.position),
    duration: Seconds(WATCH_MESSAGES.duration).refine((v) => v > 0 && v <= MAX_WATCH_SECONDS, WATCH_MESSAGES.duration),
    watched: z
      .array(z.tuple([Seconds(WATCH_MESSAGES.watched), Seconds(WATCH_MESSAGES.watched)], { error: WATCH_MESSAGES.watched }), { error: WATCH_MESSAGES.watched })
      .max(MAX_WATCH_INTERVALS, WATCH_MESSAGES.tooManyIntervals)
      .default([]),
  })
  .superRefine((r, ctx) => {
    if (r.position > r.duration + WATCH_EDGE_TOLERANCE) ctx.addIssue({ code: 'custom', path: ['position'], message: WATCH_MESSAGES.positionPastEnd });
    for (const [start, end] of r.watched) {
      if (start < 0 || end < start || end > r.duration + WATCH_EDGE_TOLERANCE) {
        ctx.addIssue({ code: 'custom', path: ['watched'], message: WATCH_MESSAGES.watchedOutside });
        return;
      }
    }
  })
  .transform((r) => ({
    position: round2(Math.min(r.position, r.duration)),
    duration: round2(r.duration),
    watched: r.watched.map(([s, e]): WatchInterval => [round2(s), round2(Math.min(e, r.duration))]).filter(([s, e]) => e > s),
  }));
export type WatchReport = z.output<typeof WatchReport>;

const Fraction = z.number().min(0).max(1);

/** GET/PUT /api/contents/{id}/position. */
export const ContentPosition = z.object({ position: z.number(), duration: z.number(), watched_fraction: Fraction, updated_at: z.string() });
export type ContentPosition = z.infer<typeof ContentPosition>;

/** PUT /api/courses/{id}/lessons/{lessonId}/position. */
export const LessonPosition = z.object({
  lesson_id: z.number(),
  position: z.number(),
  duration: z.number(),
  watched_fraction: Fraction,
  completed: z.union([z.literal(0), z.literal(1)]),
});
export type LessonPosition = z.infer<typeof LessonPosition>;


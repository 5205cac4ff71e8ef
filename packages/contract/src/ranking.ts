import { z } from 'zod';

/** Badges (spec section 3). */
export const BADGES = {
  first_login: { name: 'Primeiro Passo', description: 'Primeiro login' },
  dedicated: { name: 'Dedicado', description: '10+ logins' },
  committed: { name: 'Comprometido', description: '50+ logins' },
  expert: { name: 'Especialista', description: '100+ logins' },
  streak_3: { name: 'Sequência', description: '3 dias consecutivos' },
  streak_7: { name: 'Semana de Fogo', description: '7 dias consecutivos' },
  streak_30: { name: 'Mês Intenso', description: '30 dias consecutivos' },
  time_master: { name: 'Mestre do Tempo', description: '100+ horas online' },
  top_performer: { name: 'Alto Desempenho', description: 'Top 10 no ranking' },
  champion: { name: 'Campeão', description: '1º lugar no ranking' },
} as const;
export type BadgeId = keyof typeof BADGES;

/** Point rules (spec section 9). */
export const POINTS = { dailyLogin: 10, perMinute: 1, streak3: 50, streak7: 150, streak30: 500 } as const;

/** Streak awards: reaching `days` consecutive active days gives `points` once per run, and the badge. */
export const STREAK_AWARDS = [
  { days: 3, points: POINTS.streak3, badge: 'streak_3' },
  { days: 7, points: POINTS.streak7, badge: 'streak_7' },
  { days: 30, points: POINTS.streak30, badge: 'streak_30' },
] as const satisfies readonly { days: number; points: number; badge: BadgeId }[];

/** Badge thresholds (spec section 3). */
export const BADGE_RULES = {
  dedicatedLogins: 10,
  committedLogins: 50,
  expertLogins: 100,
  timeMasterSeconds: 100 * 3600,
  topPerformerPosition: 10,
} as const;

/** Rows of GET /api/ranking. */
export const RANKING_SIZE = 50;

/**
 * A row of the board. `name` is what the board shows: the user's name or, without one, the start of the
 * e-mail's local part masked ('jo***'; the caller's own row shows it whole). `email` is only ever the
 * caller's own, on the caller's own row; it is null on everyone else's.
 */
export const RankingEntry = z.object({
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  total_logins: z.number(),
  total_session_time_seconds: z.number(),
  current_streak_days: z.number(),
  points: z.number(),
  badges: z.array(z.string()),
});
export type RankingEntry = z.infer<typeof RankingEntry>;

export const OwnStats = z.object({
  position: z.number().nullable(),
  points: z.number(),
  total_logins: z.number(),
  total_session_time_seconds: z.number(),
  current_streak_days: z.number(),
  longest_streak_days: z.number(),
  badges: z.array(z.string()),
});
export type OwnStats = z.infer<typeof OwnStats>;

export const RankingAnswer = z.array(RankingEntry);
export type RankingAnswer = z.infer<typeof RankingAnswer>;

/** POST /api/users/session/heartbeat: no body is read; the answer says the heartbeat was accepted. */
export const HeartbeatAnswer = z.object({ ok: z.literal(true) });
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>;

/** The ranking's figures for the admin dashboard's 'Acessos' chart: the last 30 São Paulo days, oldest first. */
export const RankingStats = z.object({
  access: z.array(
    z.object({
      /** São Paulo calendar day, 'YYYY-MM-DD'. */
      date: z.string(),
      /** Users with a sign-in or a heartbeat that day. */
      unique_users: z.number(),
      /** Online sessions (heartbeats less than 120 s apart) that started that day. */
      total_sessions: z.number(),
    }),
  ),
});
export type RankingStats = z.infer<typeof RankingStats>;

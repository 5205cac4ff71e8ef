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
  week_podium: { name: 'Pódio da Semana', description: 'Top 3 de uma semana' },
} as const;
export type BadgeId = keyof typeof BADGES;

/**
 * Point rules (spec section 9, and the learning rules added to it). `perMinute` counts only minutes of real
 * study (a video playing, or a lesson or manual open on a visible page), at most the service's daily cap
 * (RANKING_DAILY_ONLINE_POINTS_CAP, 120 by default, told to the page in OwnStats.today.online_cap).
 */
export const POINTS = {
  dailyLogin: 10,
  perMinute: 1,
  streak3: 50,
  streak7: 150,
  streak30: 500,
  /** A lesson completed for the first time (the courses service's watch rule). */
  lessonCompleted: 20,
  /** Every lesson of a course completed. */
  courseCompleted: 100,
  /** A manual opened (downloaded) for the first time; at most `manualsPerDay` a day. */
  manualOpened: 2,
  /** A lesson quiz passed for the first time (score ≥ 70%); at most `quizzesPerDay` a day. */
  quizPassed: 10,
  /** A course's final assessment passed (once per course). */
  assessmentPassed: 50,
} as const;

/** Limits of the learning points. */
export const LEARNING_RULES = {
  /** Manuals that earn points in one São Paulo day. */
  manualsPerDay: 5,
  /** Lesson quizzes that earn points in one São Paulo day. */
  quizzesPerDay: 10,
  /** The heartbeat's rhythm: each one vouches for the seconds since the previous one, at most this many. */
  heartbeatSeconds: 30,
  /** Places of a week's board that earn the 'week_podium' badge when the week closes. */
  weekPodium: 3,
} as const;

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
  /** The current week's board (Monday 00:00 São Paulo onwards): position (null when not on it) and points. */
  week: z.object({ position: z.number().nullable(), points: z.number() }),
  /** Today's study points (São Paulo day) and the daily cap they stop at. */
  today: z.object({ online_points: z.number(), online_cap: z.number() }),
});
export type OwnStats = z.infer<typeof OwnStats>;

/** GET /api/ranking: the top entries, best first; on the week's board `points` are the points of this week. */
export const RankingAnswer = z.array(RankingEntry);
export type RankingAnswer = z.infer<typeof RankingAnswer>;

/** Which board: the current week's (restarts Monday 00:00 São Paulo) or all time. */
export const RANKING_PERIODS = ['week', 'all'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

/** GET /api/ranking?period=week|all (default all: the all-time board). */
export const RankingQuery = z.object({
  period: z.enum(RANKING_PERIODS, { error: 'period deve ser "week" ou "all"' }).default('all'),
});
export type RankingQuery = z.infer<typeof RankingQuery>;

/** What the user is doing while a heartbeat is sent: a video playing, a lesson or a manual open. */
export const LEARNING_ACTIVITIES = ['video', 'lesson', 'manual'] as const;
export type LearningActivity = (typeof LEARNING_ACTIVITIES)[number];

/**
 * POST /api/users/session/heartbeat. Only a heartbeat of someone really studying earns: a video playing, or a
 * lesson or manual open on a visible page. An empty body (older clients) is a heartbeat without activity,
 * accepted and worth nothing; other fields are ignored.
 */
export const HeartbeatBody = z.object({
  activity: z.enum(LEARNING_ACTIVITIES, { error: 'activity deve ser "video", "lesson", "manual" ou null' }).nullable().optional(),
  visible: z.boolean({ error: 'visible deve ser true ou false' }).optional(),
});
export type HeartbeatBody = z.infer<typeof HeartbeatBody>;

/** The answer says the heartbeat was accepted (whether it earns is the worker's business). */
export const HeartbeatAnswer = z.object({ ok: z.literal(true) });
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>;

/** The ranking's figures for the admin dashboard's 'Acessos' chart: the last 30 São Paulo days, oldest first, both series from `active_days`. */
export const RankingStats = z.object({
  access: z.array(
    z.object({
      /** São Paulo calendar day, 'YYYY-MM-DD'. */
      date: z.string(),
      /** Users with a sign-in or study time that day (their `active_days` rows). */
      unique_users: z.number(),
      /**
       * Sessions that day, from the same rows: each user's study sessions (stretches of study time separated by more
       * than 120 s), and one for a user whose day had none (a sign-in alone: the visit). Never below unique_users.
       */
      total_sessions: z.number(),
    }),
  ),
});
export type RankingStats = z.infer<typeof RankingStats>;

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

export const RankingEntry = z.object({
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
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

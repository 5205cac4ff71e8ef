import { z } from 'zod';

/**
 * LGPD self-service: the data export (GET /api/users/me/export) and the account deletion
 * (DELETE /api/users/me). The auth service gathers one part per service over Redis RPC with
 * `rpcPattern(<service>, USER_EXPORT_QUERY)`; each answer below is what that service holds about the user.
 */
export const USER_EXPORT_QUERY = 'user-export';

export const UserExportQuery = z.object({ userId: z.string().min(1).max(300) });
export type UserExportQuery = z.infer<typeof UserExportQuery>;

/** Dates travel as ISO 8601 strings, days as 'YYYY-MM-DD'. */
const When = z.string();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The auth service's own part: the account (never the password hash) and its open sessions. */
export const AuthExport = z.object({
  account: z.object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    email_verified_at: When.nullable(),
    has_password: z.boolean(),
    google_linked: z.boolean(),
    google_user_data: z.object({ name: z.string().nullable().optional(), picture: z.string().nullable().optional() }).nullable(),
    subscription_status: z.string(),
    subscription_plan: z.string().nullable(),
    subscription_expires_at: When.nullable(),
    is_admin: z.boolean(),
    created_at: When,
    updated_at: When,
  }),
  /** Sessions store only their owner and expiry: when each began is not kept. */
  sessions: z.array(z.object({ current: z.boolean(), expires_at: When, google_sign_in_at: When.nullable() })),
});
export type AuthExport = z.infer<typeof AuthExport>;

export const CatalogExport = z.object({
  /** One row per content and São Paulo day on which the user opened it (a view counts once a day). */
  views: z.array(z.object({ content_id: z.number(), content_title: z.string().nullable(), day: Day, viewed_at: When })),
  /** Where the user stopped in each video and the stretches they watched (seconds). */
  positions: z.array(
    z.object({
      content_id: z.number(),
      content_title: z.string(),
      position: z.number(),
      duration: z.number(),
      watched: z.array(z.tuple([z.number(), z.number()])),
      started_at: When,
      updated_at: When,
    }),
  ),
});
export type CatalogExport = z.infer<typeof CatalogExport>;

export const CoursesExport = z.object({
  lesson_progress: z.array(
    z.object({ course_id: z.number(), course_title: z.string(), lesson_id: z.number(), lesson_title: z.string(), completed_at: When }),
  ),
  /** Where the user stopped in each lesson and the stretches they watched (seconds). */
  lesson_positions: z.array(
    z.object({
      course_id: z.number(),
      course_title: z.string(),
      lesson_id: z.number(),
      lesson_title: z.string(),
      position: z.number(),
      duration: z.number(),
      watched: z.array(z.tuple([z.number(), z.number()])),
      started_at: When,
      updated_at: When,
    }),
  ),
  /** Every lesson quiz the user submitted (issue 27): score and the options chosen per question. */
  quiz_attempts: z.array(
    z.object({
      course_id: z.number(),
      course_title: z.string(),
      lesson_id: z.number(),
      lesson_title: z.string(),
      score: z.number(),
      correct: z.number(),
      total: z.number(),
      passed: z.boolean(),
      answers: z.array(z.object({ question_id: z.number(), option_ids: z.array(z.number()), correct: z.boolean() })),
      submitted_at: When,
    }),
  ),
  /** Every final assessment attempt the user started: when, its deadline, and once submitted the score and answers. */
  assessment_attempts: z.array(
    z.object({
      course_id: z.number(),
      course_title: z.string(),
      started_at: When,
      deadline: When.nullable(),
      submitted_at: When.nullable(),
      expired: z.boolean(),
      score: z.number().nullable(),
      passed: z.boolean().nullable(),
      answers: z.array(z.object({ question_id: z.number(), option_ids: z.array(z.number()), correct: z.boolean() })),
    }),
  ),
  /** The name and e-mail kept for the certificates (as the account last had them). */
  profile: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  /** The certificates issued to the user (holder name, course and workload as printed), with their verification page. */
  certificates: z.array(
    z.object({
      code: z.string(),
      course_id: z.number().nullable(),
      course_title: z.string(),
      holder_name: z.string().nullable(),
      workload_hours: z.number(),
      workload_minutes: z.number().nullable(),
      assessment_score: z.number().nullable().optional(),
      issued_at: When,
      revoked_at: When.nullable(),
      status: z.enum(['valid', 'revoked']),
      verify_url: z.string(),
    }),
  ),
  // 'Dúvidas' under the lessons (issue 27): the user's questions and replies, hidden ones too
  lesson_questions: z.array(
    z.object({
      id: z.number(),
      course_id: z.number(),
      course_title: z.string(),
      lesson_id: z.number(),
      lesson_title: z.string(),
      body: z.string(),
      has_photo: z.boolean(),
      hidden: z.boolean(),
      created_at: When,
      edited_at: When.nullable(),
    }),
  ),
  lesson_replies: z.array(
    z.object({ id: z.number(), question_id: z.number(), lesson_id: z.number(), lesson_title: z.string(), body: z.string(), hidden: z.boolean(), created_at: When, edited_at: When.nullable() }),
  ),
});
export type CoursesExport = z.infer<typeof CoursesExport>;

export const ManualsExport = z.object({
  downloads: z.array(z.object({ manual_id: z.number(), manual_title: z.string(), downloaded_at: When })),
});
export type ManualsExport = z.infer<typeof ManualsExport>;

export const RankingExport = z.object({
  /** The name and e-mail shown on the leaderboard. */
  profile: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  totals: z
    .object({
      points: z.number(),
      total_logins: z.number(),
      /** Time online counted for points (study time since the learning rules; every minute online before them). */
      online_seconds: z.number(),
      last_active_day: Day.nullable(),
      // the run of consecutive days that ends on last_active_day
      last_streak_days: z.number(),
      longest_streak_days: z.number(),
      /** Weeks closed in the top 3 of the weekly board. */
      week_podiums: z.number(),
    })
    .nullable(),
  /**
   * Ledgers: every award that makes up the points. One row per active São Paulo day: the daily award, the
   * study time of the day and the points it gave (capped per day), and, while the service still keeps them
   * (a few days), the stretches of study time themselves.
   */
  active_days: z.array(
    z.object({
      day: Day,
      first_at: When,
      source: z.string(),
      online_seconds: z.number(),
      online_points: z.number(),
      sessions: z.number(),
      stretches: z.array(z.object({ from: When, to: When })),
    }),
  ),
  streak_awards: z.array(z.object({ days: z.number(), reached_on: Day, points: z.number() })),
  /** Lessons and courses completed, manuals opened: what each earned. */
  learning_awards: z.array(z.object({ kind: z.string(), ref: z.string(), day: Day, at: When, points: z.number() })),
  /** Points earned per week (Monday, São Paulo) and the weeks closed on the podium. */
  weekly_points: z.array(z.object({ week: Day, points: z.number() })),
  week_podiums: z.array(z.object({ week: Day, position: z.number() })),
});
export type RankingExport = z.infer<typeof RankingExport>;

export const BillingExport = z.object({
  customers: z.array(z.object({ provider: z.string(), provider_customer_id: z.string(), created_at: When })),
  subscriptions: z.array(
    z.object({
      provider: z.string(),
      provider_subscription_id: z.string(),
      plan: z.string().nullable(),
      status: z.string(),
      provider_status: z.string(),
      current_period_end: When.nullable(),
      cancel_at_period_end: z.boolean(),
      trial_end: When.nullable(),
      ended_reason: z.string().nullable(),
      payment_failed_at: When.nullable(),
      created_at: When,
      method: z.string().optional(),
    }),
  ),
  payments: z.array(
    z.object({
      provider: z.string(),
      provider_payment_id: z.string(),
      amount_cents: z.number(),
      currency: z.string(),
      paid_at: When,
      method: z.string().optional(),
      plan: z.string().nullable().optional(),
      payer: z.string().nullable().optional(),
      receipt_number: z.string().optional(),
    }),
  ),
  /** Pix and boleto charges; `payer_cpf` is kept only on boleto charges (the provider issues them to a CPF). */
  charges: z
    .array(
      z.object({
        provider: z.string(),
        provider_charge_id: z.string(),
        method: z.string(),
        plan: z.string(),
        amount_cents: z.number(),
        status: z.string(),
        payer_cpf: z.string().nullable(),
        due_at: When,
        expires_at: When,
        paid_at: When.nullable(),
        created_at: When,
      }),
    )
    .optional(),
});
export type BillingExport = z.infer<typeof BillingExport>;

/** The services asked for a part, in the order their files appear in the ZIP. */
export const EXPORT_SERVICES = ['billing', 'catalog', 'courses', 'manuals', 'ranking'] as const;
export type ExportService = (typeof EXPORT_SERVICES)[number];

export const EXPORT_PART_SCHEMAS = {
  billing: BillingExport,
  catalog: CatalogExport,
  courses: CoursesExport,
  manuals: ManualsExport,
  ranking: RankingExport,
} as const;

export const DELETE_CONFIRMATION_WORD = 'excluir';

/**
 * DELETE /api/users/me. `password` is required for an account that has one; a Google-only account
 * proves itself with a Google sign-in of this session less than 10 minutes old instead.
 */
export const DeleteAccountBody = z.object({
  password: z.string({ error: 'Senha inválida' }).max(256, 'Senha muito longa').optional().nullable(),
  confirmation: z
    .string({ error: 'Digite excluir para confirmar' })
    .max(64, 'Digite excluir para confirmar')
    .refine((v) => v.trim().toLowerCase() === DELETE_CONFIRMATION_WORD, 'Digite excluir para confirmar'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** Minutes a Google sign-in counts as fresh enough to delete a Google-only account. */
export const GOOGLE_REAUTH_MINUTES = 10;

export const PRIVACY_MESSAGES = {
  exportIncomplete: 'Não foi possível reunir todos os seus dados agora. Tente novamente em alguns minutos.',
  wrongPassword: 'Senha incorreta',
  passwordRequired: 'Informe sua senha para excluir a conta',
  confirmationRequired: 'Digite excluir para confirmar',
  googleReauthRequired: `Por segurança, entre novamente com o Google e confirme a exclusão em até ${GOOGLE_REAUTH_MINUTES} minutos.`,
  deleted: 'Sua conta foi excluída',
} as const;

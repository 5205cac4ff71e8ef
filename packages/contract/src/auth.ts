import { z } from 'zod';
import { MAX_LINE, SubscriptionPlan, SubscriptionStatus } from './common';

export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 256;

/** Codes the sign-in dialog maps to Portuguese (spec section 8); the server's error text contains them. */
export const AUTH_ERROR_CODES = [
  'email-already-in-use',
  'weak-password',
  'invalid-email',
  'user-not-found',
  'wrong-password',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

const Email = z
  .string({ error: 'E-mail é obrigatório' })
  .trim()
  .min(1, 'E-mail é obrigatório')
  .max(MAX_LINE, 'E-mail inválido (invalid-email)')
  .pipe(z.email({ error: 'E-mail inválido (invalid-email)' }));

/** POST /api/auth/register — validation order of spec section 5. */
export const RegisterBody = z.object({
  name: z.string({ error: 'Nome é obrigatório' }).trim().min(1, 'Nome é obrigatório').max(MAX_LINE, 'Nome muito longo'),
  email: Email,
  password: z
    .string({ error: 'A senha deve ter pelo menos 6 caracteres' })
    .min(MIN_PASSWORD, 'A senha é muito fraca (weak-password): a senha deve ter pelo menos 6 caracteres')
    .max(MAX_PASSWORD, 'Senha muito longa'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** POST /api/auth/signin */
export const SignInBody = z.object({
  email: z.string({ error: 'E-mail é obrigatório' }).trim().min(1, 'E-mail é obrigatório').max(MAX_LINE, 'E-mail inválido (invalid-email)'),
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(MAX_PASSWORD, 'Senha muito longa'),
});
export type SignInBody = z.infer<typeof SignInBody>;

/** POST /api/sessions — the authorisation code returned by the identity provider. */
export const SessionExchangeBody = z.object({
  code: z.string({ error: 'Código de autorização é obrigatório' }).min(1, 'Código de autorização é obrigatório').max(4096, 'Código de autorização inválido'),
});
export type SessionExchangeBody = z.infer<typeof SessionExchangeBody>;

/** PUT /api/users/profile */
export const ProfileBody = z.object({
  name: z.string({ error: 'Nome é obrigatório' }).trim().min(1, 'Nome é obrigatório').max(MAX_LINE, 'Nome muito longo'),
  email: z
    .string({ error: 'E-mail é obrigatório' })
    .trim()
    .min(1, 'E-mail é obrigatório')
    .max(MAX_LINE, 'E-mail inválido')
    .pipe(z.email({ error: 'E-mail inválido' })),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

/** PUT /api/users/password */
export const PasswordBody = z.object({
  currentPassword: z.string({ error: 'Senha atual é obrigatória' }).min(1, 'Senha atual é obrigatória').max(MAX_PASSWORD, 'Senha muito longa'),
  newPassword: z
    .string({ error: 'Nova senha deve ter pelo menos 6 caracteres' })
    .min(MIN_PASSWORD, 'Nova senha deve ter pelo menos 6 caracteres')
    .max(MAX_PASSWORD, 'Senha muito longa'),
});
export type PasswordBody = z.infer<typeof PasswordBody>;

/** The current user (GET /api/users/me), spec section 3. */
export const Me = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  google_user_data: z.object({ name: z.string().nullable().optional(), picture: z.string().nullable().optional() }).nullable(),
  subscription_status: z.string(),
  subscription_plan: SubscriptionPlan.nullable(),
  subscription_expires_at: z.string().nullable(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type Me = z.infer<typeof Me>;

export const RedirectUrlAnswer = z.object({ redirectUrl: z.string() });
export type RedirectUrlAnswer = z.infer<typeof RedirectUrlAnswer>;

/** POST /api/admin/auth/login */
export const AdminLoginBody = z.object({
  username: z.string({ error: 'Usuário é obrigatório' }).trim().min(1, 'Usuário é obrigatório').max(MAX_LINE, 'Usuário muito longo'),
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(MAX_PASSWORD, 'Senha muito longa'),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

/**
 * The admin session (GET /api/admin/auth/me). `kind` tells an administrator account from an end user
 * whose is_admin flag lets them use the panel with their own session.
 */
export const AdminMe = z.object({
  id: z.string(),
  username: z.string(),
  kind: z.enum(['administrator', 'user']),
});
export type AdminMe = z.infer<typeof AdminMe>;

/** Administrator account (spec section 3); the password is write-only. */
export const Administrator = z.object({ id: z.number(), username: z.string(), created_at: z.string() });
export type Administrator = z.infer<typeof Administrator>;

export const AdministratorCreateBody = z.object({
  username: z.string({ error: 'Usuário é obrigatório' }).trim().min(1, 'Usuário é obrigatório').max(100, 'Usuário muito longo'),
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(MAX_PASSWORD, 'Senha muito longa'),
});
export const AdministratorUpdateBody = z.object({
  username: z.string({ error: 'Usuário é obrigatório' }).trim().min(1, 'Usuário é obrigatório').max(100, 'Usuário muito longo'),
  /** Blank or absent keeps the current password. */
  password: z.string().max(MAX_PASSWORD, 'Senha muito longa').optional().nullable(),
});

/** User as the admin sees it (spec section 3). */
export const AdminUserView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  is_admin: z.boolean(),
  subscription_status: z.string(),
  subscription_plan: SubscriptionPlan.nullable(),
  subscription_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserView = z.infer<typeof AdminUserView>;

/** PUT /api/admin/users/{id}: any subset of the editable fields. */
export const AdminUserUpdateBody = z.object({
  name: z.string().trim().max(MAX_LINE, 'Nome muito longo').nullable().optional(),
  email: z.string().trim().max(MAX_LINE).pipe(z.email({ error: 'E-mail inválido' })).optional(),
  subscription_status: SubscriptionStatus.optional(),
  subscription_plan: z.union([SubscriptionPlan, z.literal(''), z.literal('none'), z.null()]).optional()
    .transform((v) => (v === '' || v === 'none' ? null : v)),
  subscription_expires_at: z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal(''), z.null()]).optional()
    .transform((v) => (v === '' ? null : v)),
  is_admin: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional().transform((v) => (v === undefined ? undefined : v === true || v === 1)),
});
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;

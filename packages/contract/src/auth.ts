import { z } from 'zod';
import { MAX_LINE, SearchQuery, SUBSCRIPTION_STATUSES, SubscriptionPlan } from './common';

export { isCommonPassword } from './common-passwords';

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

/** Every message the auth service answers in `{ error }` (and the success texts it sends), in one place. */
export const AUTH_MESSAGES = {
  emailInUse: 'Este e-mail já está em uso (email-already-in-use)',
  /** a new password among the most common ones, refused after the spec's checks (issue 25) */
  commonPassword: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
  userNotFound: 'Usuário não encontrado (user-not-found)',
  wrongPassword: 'Senha incorreta (wrong-password)',
  googleAccountUsePassword: 'Esta conta usa o login com Google. Entre com o botão do Google.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  tooManyRegistrations: 'Muitos cadastros feitos a partir desta rede. Tente novamente mais tarde.',
  signedOut: 'Você precisa estar logado',
  googleEmailReadOnly: 'E-mail gerenciado pelo Google e não pode ser alterado aqui',
  googlePasswordForbidden: 'Contas Google não podem alterar a senha',
  wrongCurrentPassword: 'Senha atual incorreta',
  passwordChanged: 'Senha alterada com sucesso!',
  profileUpdated: 'Perfil atualizado com sucesso!',
  googleNotConfigured: 'Login com Google não está configurado',
  googleUnavailable: 'Login com Google indisponível no momento. Tente novamente em instantes.',
  googleLoginExpired: 'O login com Google expirou. Tente entrar novamente.',
  googleBadCode: 'Código de autorização inválido ou expirado',
  googleStateMismatch: 'Parâmetro state inválido',
  googleNoEmail: 'A conta Google não informou um e-mail',
  invalidCredentials: 'Credenciais inválidas',
  adminSignedOut: 'Não autorizado: faça login como administrador',
  administratorNotFound: 'Administrador não encontrado',
  usernameInUse: 'Este nome de usuário já está em uso',
  selfDeleteAdministrator: 'Você não pode excluir a sua própria conta de administrador',
  userNotFoundAdmin: 'Usuário não encontrado',
  selfDeleteUser: 'Você não pode excluir a sua própria conta pelo painel',
  googleEmailAdminReadOnly: 'O e-mail de uma conta Google não pode ser alterado',
  passwordResetRequested: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.',
  passwordResetDone: 'Senha redefinida com sucesso! Entre com a nova senha.',
  linkExpired: 'Este link expirou. Peça um novo.',
  linkInvalid: 'Este link já foi usado ou não é válido. Peça um novo.',
  tooManyPasswordResets: 'Muitos pedidos de redefinição de senha a partir desta rede. Tente novamente mais tarde.',
  emailVerified: 'E-mail confirmado com sucesso!',
  emailAlreadyVerified: 'Seu e-mail já está confirmado.',
  verificationSent: 'Enviamos um novo link de confirmação. Confira sua caixa de entrada.',
  emailChangePending: 'Enviamos um link de confirmação para o novo e-mail. A troca vale quando você confirmar; até lá, continue entrando com o e-mail atual.',
  tooManyVerificationEmails: 'Muitos e-mails de confirmação enviados. Tente novamente mais tarde.',
} as const;

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
    .string({ error: 'A senha deve ter pelo menos 6 caracteres (weak-password)' })
    .min(MIN_PASSWORD, 'A senha deve ter pelo menos 6 caracteres (weak-password)')
    .max(MAX_PASSWORD, 'Senha muito longa'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** POST /api/auth/signin */
export const SignInBody = z.object({
  email: z.string({ error: 'E-mail é obrigatório' }).trim().min(1, 'E-mail é obrigatório').max(MAX_LINE, 'E-mail inválido (invalid-email)'),
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(MAX_PASSWORD, 'Senha muito longa'),
});
export type SignInBody = z.infer<typeof SignInBody>;

/**
 * POST /api/sessions — the authorisation code returned by the identity provider and the `state` of the
 * return URL, both required: the state must be the one of the sign-in this browser started.
 */
export const SessionExchangeBody = z.object({
  code: z.string({ error: 'Código de autorização é obrigatório' }).min(1, 'Código de autorização é obrigatório').max(4096, 'Código de autorização inválido'),
  state: z.string({ error: 'Parâmetro state inválido' }).min(1, 'Parâmetro state inválido').max(1024, 'Parâmetro state inválido'),
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

/** POST /api/auth/password-reset: the answer is the same whether or not an account has this e-mail. */
export const PasswordResetRequestBody = z.object({
  email: z
    .string({ error: 'E-mail é obrigatório' })
    .trim()
    .min(1, 'E-mail é obrigatório')
    .max(MAX_LINE, 'E-mail inválido')
    .pipe(z.email({ error: 'E-mail inválido' })),
});
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>;

/** The random token of a password-reset or verification link (32 bytes, base64url). */
export const LinkToken = z
  .string({ error: AUTH_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, AUTH_MESSAGES.linkInvalid);

/** POST /api/auth/password-reset/confirm */
export const PasswordResetConfirmBody = z.object({
  token: LinkToken,
  password: z
    .string({ error: 'A senha deve ter pelo menos 6 caracteres' })
    .min(MIN_PASSWORD, 'A senha deve ter pelo menos 6 caracteres')
    .max(MAX_PASSWORD, 'Senha muito longa'),
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

/** POST /api/auth/verify-email */
/** POST /api/auth/password-reset/check: whether a reset link still works, asked when its page opens. */
export const PasswordResetCheckBody = z.object({ token: LinkToken });
export type PasswordResetCheckBody = z.infer<typeof PasswordResetCheckBody>;
export const PasswordResetCheckAnswer = z.object({ valid: z.literal(true) });
export type PasswordResetCheckAnswer = z.infer<typeof PasswordResetCheckAnswer>;

export const VerifyEmailBody = z.object({ token: LinkToken });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** Answer of POST /api/auth/verify-email: the address now proven (the new one after an e-mail change). */
export const VerifyEmailAnswer = z.object({ success: z.literal(true), message: z.string(), email: z.string() });
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswer>;

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
  /** Whether the current e-mail was proven to be the owner's (verification link, password reset or Google). */
  email_verified: z.boolean(),
  /** A new e-mail asked for in the profile, waiting for its verification link; the current one stays until then. */
  pending_email: z.string().nullable(),
});
export type Me = z.infer<typeof Me>;

export const RedirectUrlAnswer = z.object({ redirectUrl: z.string() });
export type RedirectUrlAnswer = z.infer<typeof RedirectUrlAnswer>;

/** The sign-in methods this installation offers (the web app shows 'Continuar com Google' only when configured). */
export const SignInProvidersAnswer = z.object({ google: z.boolean() });
export type SignInProvidersAnswer = z.infer<typeof SignInProvidersAnswer>;

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

/**
 * GET /api/session: who this browser is, a normal answer for everyone. An anonymous visit gets nulls
 * instead of the 401 of /api/users/me and /api/admin/auth/me, which browsers log as console errors.
 */
export const SessionAnswer = z.object({ user: Me.nullable(), admin: AdminMe.nullable() });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** Administrator account (spec section 3); the password is write-only. */
export const Administrator = z.object({ id: z.number(), username: z.string(), created_at: z.string() });
export type Administrator = z.infer<typeof Administrator>;

const AdministratorUsername = z
  .string({ error: 'Usuário é obrigatório' })
  .trim()
  .min(1, 'Usuário é obrigatório')
  .max(100, 'Usuário muito longo');

export const AdministratorCreateBody = z.object({
  username: AdministratorUsername,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .min(1, 'Senha é obrigatória')
    .min(MIN_PASSWORD, 'A senha deve ter pelo menos 6 caracteres')
    .max(MAX_PASSWORD, 'Senha muito longa'),
});
export type AdministratorCreateBody = z.infer<typeof AdministratorCreateBody>;

export const AdministratorUpdateBody = z.object({
  username: AdministratorUsername,
  /** Blank or absent keeps the current password. */
  password: z
    .string({ error: 'Senha inválida' })
    .max(MAX_PASSWORD, 'Senha muito longa')
    .refine((v) => v === '' || v.length >= MIN_PASSWORD, 'A senha deve ter pelo menos 6 caracteres')
    .optional()
    .nullable(),
});
export type AdministratorUpdateBody = z.infer<typeof AdministratorUpdateBody>;

/** GET /api/admin/administrators?search= */
export const AdministratorsQuery = z.object({ search: SearchQuery });

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

/**
 * PUT /api/admin/users/{id}: any subset of the editable fields (the edit dialog may send the whole
 * user object; fields that are not editable, such as id and created_at, are ignored).
 */
export const AdminUserUpdateBody = z.object({
  name: z
    .string({ error: 'Nome inválido' })
    .trim()
    .max(MAX_LINE, 'Nome muito longo')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  email: z
    .string({ error: 'E-mail inválido' })
    .trim()
    .min(1, 'E-mail é obrigatório')
    .max(MAX_LINE, 'E-mail inválido')
    .pipe(z.email({ error: 'E-mail inválido' }))
    .optional(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES, { error: 'Status de assinatura inválido' }).optional(),
  subscription_plan: z
    .union([SubscriptionPlan, z.literal(''), z.literal('none'), z.null()], { error: 'Plano inválido' })
    .optional()
    .transform((v) => (v === '' || v === 'none' ? null : v)),
  subscription_expires_at: z
    .union([z.iso.datetime({ offset: true }), z.iso.datetime({ local: true }), z.iso.date(), z.literal(''), z.null()], {
      error: 'Data de expiração inválida',
    })
    .optional()
    .transform((v) => (v === '' ? null : v)),
  is_admin: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Valor inválido para is_admin' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 1)),
});
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;

/**
 * GET /api/admin/users?search=&status= — `status` empty or 'all' means every status; 'inactive' also
 * matches values the panel shows as 'Inativo' (anything that is not active, canceled or expired).
 */
export const AdminUsersQuery = z.object({
  search: SearchQuery,
  status: z
    .enum(['', 'all', ...SUBSCRIPTION_STATUSES], { error: 'Status inválido' })
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** Answer of the auth service to the dashboard's figures query (statsPattern('auth')). */
export const AuthStats = z.object({
  totalUsers: z.number(),
  activeSubscriptions: z.number(),
  recentUsers: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), email: z.string(), created_at: z.string(), subscription_status: z.string() }),
  ),
  /** Active subscriptions by plan. */
  subscriptionStats: z.object({ monthly: z.number(), annual: z.number() }),
});
export type AuthStats = z.infer<typeof AuthStats>;

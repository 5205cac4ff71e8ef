import { domainErrors, ErrorCatalogue } from '@clima/common';
import { AUTH_MESSAGES, PRIVACY_MESSAGES } from '@clima/contract';

/**
 * Every error the auth service answers with. The first five are the codes of spec section 8 that the
 * sign-in dialog recognises inside the message text, so their values must stay as they are.
 */
export enum AuthError {
  EmailInUse = 'email-already-in-use',
  UserNotFound = 'user-not-found',
  WrongPassword = 'wrong-password',
  SignedOut = 'signed-out',
  GoogleAccountUsePassword = 'google-account-use-google',
  TooManyAttempts = 'too-many-attempts',
  TooManyRegistrations = 'too-many-registrations',
  GoogleEmailReadOnly = 'google-email-read-only',
  GooglePasswordForbidden = 'google-password-forbidden',
  WrongCurrentPassword = 'wrong-current-password',
  GoogleNotConfigured = 'google-not-configured',
  GoogleUnavailable = 'google-unavailable',
  GoogleLoginExpired = 'google-login-expired',
  GoogleBadCode = 'google-bad-code',
  GoogleStateMismatch = 'google-state-mismatch',
  GoogleNoEmail = 'google-no-email',
  InvalidCredentials = 'invalid-credentials',
  AdminSignedOut = 'admin-signed-out',
  AdministratorNotFound = 'administrator-not-found',
  UsernameInUse = 'username-in-use',
  SelfDeleteAdministrator = 'self-delete-administrator',
  UserNotFoundAdmin = 'admin-user-not-found',
  SelfDeleteUser = 'self-delete-user',
  GoogleEmailAdminReadOnly = 'admin-google-email-read-only',
  LinkExpired = 'link-expired',
  LinkInvalid = 'link-invalid',
  TooManyPasswordResets = 'too-many-password-resets',
  EmailAlreadyVerified = 'email-already-verified',
  TooManyVerificationEmails = 'too-many-verification-emails',
  ExportIncomplete = 'export-incomplete',
  DeletionPasswordRequired = 'deletion-password-required',
  DeletionWrongPassword = 'deletion-wrong-password',
  GoogleReauthRequired = 'google-reauth-required',
  CommonPassword = 'common-password',
}

const E = AuthError;
const M = AUTH_MESSAGES;
const P = PRIVACY_MESSAGES;

const CATALOGUE: ErrorCatalogue<AuthError> = {
  [E.EmailInUse]: { status: 409, message: M.emailInUse },
  [E.CommonPassword]: { status: 400, message: M.commonPassword },
  [E.UserNotFound]: { status: 401, message: M.userNotFound },
  [E.WrongPassword]: { status: 401, message: M.wrongPassword },
  [E.SignedOut]: { status: 401, message: M.signedOut },
  [E.GoogleAccountUsePassword]: { status: 401, message: M.googleAccountUsePassword },
  [E.TooManyAttempts]: { status: 429, message: M.tooManyAttempts },
  [E.TooManyRegistrations]: { status: 429, message: M.tooManyRegistrations },
  [E.GoogleEmailReadOnly]: { status: 400, message: M.googleEmailReadOnly },
  [E.GooglePasswordForbidden]: { status: 403, message: M.googlePasswordForbidden },
  [E.WrongCurrentPassword]: { status: 400, message: M.wrongCurrentPassword },
  [E.GoogleNotConfigured]: { status: 503, message: M.googleNotConfigured },
  [E.GoogleUnavailable]: { status: 503, message: M.googleUnavailable },
  [E.GoogleLoginExpired]: { status: 400, message: M.googleLoginExpired },
  [E.GoogleBadCode]: { status: 400, message: M.googleBadCode },
  [E.GoogleStateMismatch]: { status: 400, message: M.googleStateMismatch },
  [E.GoogleNoEmail]: { status: 400, message: M.googleNoEmail },
  [E.InvalidCredentials]: { status: 401, message: M.invalidCredentials },
  [E.AdminSignedOut]: { status: 401, message: M.adminSignedOut },
  [E.AdministratorNotFound]: { status: 404, message: M.administratorNotFound },
  [E.UsernameInUse]: { status: 409, message: M.usernameInUse },
  [E.SelfDeleteAdministrator]: { status: 403, message: M.selfDeleteAdministrator },
  [E.UserNotFoundAdmin]: { status: 404, message: M.userNotFoundAdmin },
  [E.SelfDeleteUser]: { status: 403, message: M.selfDeleteUser },
  [E.GoogleEmailAdminReadOnly]: { status: 400, message: M.googleEmailAdminReadOnly },
  [E.LinkExpired]: { status: 400, message: M.linkExpired },
  [E.LinkInvalid]: { status: 400, message: M.linkInvalid },
  [E.TooManyPasswordResets]: { status: 429, message: M.tooManyPasswordResets },
  [E.EmailAlreadyVerified]: { status: 409, message: M.emailAlreadyVerified },
  [E.TooManyVerificationEmails]: { status: 429, message: M.tooManyVerificationEmails },
  [E.ExportIncomplete]: { status: 503, message: P.exportIncomplete },
  [E.DeletionPasswordRequired]: { status: 400, message: P.passwordRequired },
  [E.DeletionWrongPassword]: { status: 400, message: P.wrongPassword },
  [E.GoogleReauthRequired]: { status: 403, message: P.googleReauthRequired },
};

/** `throw authError(AuthError.SignedOut)`: status and message from the catalogue above. */
export const authError = domainErrors(CATALOGUE);

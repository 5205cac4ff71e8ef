import { DynamicModule, Module, Provider } from '@nestjs/common';
import { EventConsumer, Outbox, PlatformModule, PLATFORM_ROUTES } from '@clima/common';
import { AccountMail } from './account-recovery/account-mail';
import { AccountTokens } from './account-recovery/account-tokens';
import { AccountTokensRepository } from './account-recovery/account-tokens.repository';
import { EmailVerificationController } from './account-recovery/email-verification.controller';
import { EmailVerificationService } from './account-recovery/email-verification.service';
import { PasswordResetController } from './account-recovery/password-reset.controller';
import { PasswordResetService } from './account-recovery/password-reset.service';
import { RecoveryRateLimiter } from './account-recovery/recovery-rate-limiter';
import { AdminAuthController } from './admin-auth/admin-auth.controller';
import { AdminAuthService } from './admin-auth/admin-auth.service';
import { AdministratorsController } from './administrators/administrators.controller';
import { AdministratorsRepository } from './administrators/administrators.repository';
import { AdministratorsService } from './administrators/administrators.service';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminUsersService } from './admin-users/admin-users.service';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditLogRepository } from './audit/audit-log.repository';
import { AuditLogService } from './audit/audit-log.service';
import { AuditLogWorkers } from './audit/audit-log.workers';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { AuthConfig } from './config';
import { ApiDocsController } from './docs/api-docs.controller';
import { entities, migrations, SCHEMA } from './database';
import { authEventHandlers } from './events/auth-event-handlers';
import { MailDelivery } from './events/mail-delivery';
import { SubscriptionEvents } from './events/subscription-events';
import { UserMail } from './events/user-mail';
import { GoogleController } from './google/google.controller';
import { GoogleOidc } from './google/google-oidc';
import { GoogleSignInService } from './google/google-sign-in.service';
import { AssertionSigner } from './identity/assertion-signer';
import { IdentityCache } from './identity/identity-cache';
import { IdentityEndpoint } from './identity/identity.endpoint';
import { IdentityService } from './identity/identity.service';
import { OriginPolicy } from './identity/origin-policy';
import { PasswordHasher } from './infra/passwords';
import { GoogleReauth } from './privacy/google-reauth';
import { PrivacyController } from './privacy/privacy.controller';
import { PrivacyMail } from './privacy/privacy-mail';
import { SelfDeletion } from './privacy/self-deletion.service';
import { UserExportService } from './privacy/user-export.service';
import { RedisKeys } from './infra/redis-keys';
import { AdminStatsController } from './stats/admin-stats.controller';
import { AdminStatsService } from './stats/admin-stats.service';
import { AuthStatsController } from './stats/auth-stats.controller';
import { AuthStatsRepository } from './stats/auth-stats.repository';
import { AuthStatsService } from './stats/auth-stats.service';
import { LoginRateLimiter } from './sessions/login-rate-limiter';
import { SessionCookies } from './sessions/session-cookies';
import { SessionStore } from './sessions/session.store';
import { UsersController } from './users/users.controller';
import { AccountDeletion } from './users/account-deletion.service';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

/** What both the HTTP process and the worker need: sessions, the outbox, the event consumer. */
const coreProviders: Provider[] = [
  RedisKeys,
  IdentityCache,
  SessionStore,
  Outbox,
  UsersRepository,
  SubscriptionEvents,
  ...EventConsumer.forService({ inject: [SubscriptionEvents, UserMail], handlers: authEventHandlers }),
  UserMail,
  MailDelivery,
  AuditLogRepository,
  AuditLogService,
  AuditLogWorkers,
];

@Module({})
export class AppModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [
        AuthController,
        UsersController,
        PasswordResetController,
        EmailVerificationController,
        PrivacyController,
        GoogleController,
        AdminAuthController,
        AdministratorsController,
        AdminUsersController,
        AuthStatsController,
        AdminStatsController,
        AuditLogController,
        ApiDocsController,
      ],
      providers: [
        ...coreProviders,
        PasswordHasher,
        SessionCookies,
        LoginRateLimiter,
        OriginPolicy,
        AdministratorsRepository,
        IdentityService,
        AssertionSigner,
        IdentityEndpoint,
        // the hottest path, a Fastify route of the one pipeline (identity.endpoint.ts)
        { provide: PLATFORM_ROUTES, useFactory: (identity: IdentityEndpoint) => [identity], inject: [IdentityEndpoint] },
        UsersService,
        AccountTokensRepository,
        AccountTokens,
        AccountMail,
        RecoveryRateLimiter,
        PasswordResetService,
        EmailVerificationService,
        AccountDeletion,
        GoogleReauth,
        UserExportService,
        SelfDeletion,
        PrivacyMail,
        AuthService,
        GoogleOidc,
        GoogleSignInService,
        AdminAuthService,
        AdministratorsService,
        AdminUsersService,
        AuthStatsRepository,
        AuthStatsService,
        AdminStatsService,
      ],
    };
  }
}

/** The worker process: the event consumer and the outbox relay, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      providers: coreProviders,
    };
  }
}

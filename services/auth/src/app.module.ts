import { DynamicModule, Module, Provider } from '@nestjs/common';
import { PlatformModule, RAW_HANDLERS } from '@clima/common';
import { AccountMail } from './account-recovery/account-mail';
import { AccountTokens } from './account-recovery/account-tokens';
import { EmailVerificationController } from './account-recovery/email-verification.controller';
import { EmailVerificationService } from './account-recovery/email-verification.service';
import { PasswordResetController } from './account-recovery/password-reset.controller';
import { PasswordResetService } from './account-recovery/password-reset.service';
import { RecoveryRateLimiter } from './account-recovery/recovery-rate-limiter';
import { AdminAuthController } from './admin-auth/admin-auth.controller';
import { AdminAuthService } from './admin-auth/admin-auth.service';
import { AdministratorsController } from './administrators/administrators.controller';
import { AdministratorsService } from './administrators/administrators.service';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminUsersService } from './admin-users/admin-users.service';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditLogService } from './audit/audit-log.service';
import { AuditLogWorkers } from './audit/audit-log.workers';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { AuthConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { EventConsumers, START_CONSUMERS } from './events/event-consumers';
import { MailDelivery } from './events/mail-delivery';
import { Outbox } from './events/outbox';
import { SubscriptionEvents } from './events/subscription-events';
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
import { AuthStatsService } from './stats/auth-stats.service';
import { LoginRateLimiter } from './sessions/login-rate-limiter';
import { SessionCookies } from './sessions/session-cookies';
import { SessionStore } from './sessions/session.store';
import { UsersController } from './users/users.controller';
import { AccountDeletion } from './users/account-deletion.service';
import { UsersService } from './users/users.service';

/** What both the HTTP process and the worker need: sessions, the outbox, the event consumer. */
const coreProviders = (startConsumers: boolean): Provider[] => [
  RedisKeys,
  IdentityCache,
  SessionStore,
  Outbox,
  SubscriptionEvents,
  EventConsumers,
  MailDelivery,
  AuditLogService,
  AuditLogWorkers,
  { provide: START_CONSUMERS, useValue: startConsumers },
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
      ],
      providers: [
        ...coreProviders(config.WORKERS_IN_PROCESS),
        PasswordHasher,
        SessionCookies,
        LoginRateLimiter,
        OriginPolicy,
        IdentityService,
        AssertionSigner,
        IdentityEndpoint,
        { provide: RAW_HANDLERS, useFactory: (identity: IdentityEndpoint) => [identity], inject: [IdentityEndpoint] },
        UsersService,
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
      providers: coreProviders(true),
    };
  }
}

import { EventConsumer, PlatformModule, REDIS } from '@clima/common';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AdminBillingController } from './admin/admin-billing.controller';
import { AdminBillingService } from './admin/admin-billing.service';
import { BillingBackground } from './background';
import { ChargesRepository } from './charges/charges.repository';
import { ChargesService } from './charges/charges.service';
import { PlanPricesRepository } from './charges/plan-prices.repository';
import type { BillingConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { billingEventHandlers } from './events/billing-event-handlers';
import { UserDeletedHandler } from './events/user-deleted.handler';
import { ExpiryService } from './expiry/expiry.service';
import { PlansController } from './plans/plans.controller';
import { UserExportController } from './privacy/user-export.controller';
import { UserDataRepository } from './privacy/user-data.repository';
import { UserExportService } from './privacy/user-export.service';
import { PAYMENT_PROVIDER } from './providers/payment-provider';
import { StripeProvider } from './providers/stripe.provider';
import { SandboxController } from './sandbox/sandbox.controller';
import { SandboxCancellation } from './sandbox/sandbox-cancellation';
import { SandboxProvider } from './sandbox/sandbox.provider';
import { SandboxService } from './sandbox/sandbox.service';
import { SandboxStore } from './sandbox/sandbox-store';
import { BillingStatsController } from './stats/billing-stats.controller';
import { BillingStatsRepository } from './stats/billing-stats.repository';
import { BillingStatsService } from './stats/billing-stats.service';
import { CustomersRepository } from './subscriptions/customers.repository';
import { PaymentsRepository } from './subscriptions/payments.repository';
import { SubscriptionLifecycle } from './subscriptions/subscription-lifecycle.service';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { ProcessedEventsRepository } from './webhooks/processed-events.repository';
import { WebhookController } from './webhooks/webhook.controller';
import { WebhookService } from './webhooks/webhook.service';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    const sandbox = config.BILLING_PROVIDER === 'sandbox';
    const providers: Provider[] = [
      SubscriptionsRepository,
      CustomersRepository,
      PaymentsRepository,
      ProcessedEventsRepository,
      BillingStatsRepository,
      UserDataRepository,
      ChargesRepository,
      PlanPricesRepository,
      ChargesService,
      AdminBillingService,
      SubscriptionLifecycle,
      SubscriptionsService,
      WebhookService,
      ExpiryService,
      UserDeletedHandler,
      BillingStatsService,
      UserExportService,
      ...EventConsumer.forService({ inject: [UserDeletedHandler], handlers: billingEventHandlers, autoStart: false }),
      BillingBackground,
    ];
    if (sandbox) {
      providers.push(
        { provide: SandboxStore, inject: [REDIS], useFactory: (redis: Redis) => new SandboxStore(redis, config.KEY_PREFIX) },
        {
          provide: PAYMENT_PROVIDER,
          inject: [SandboxStore, SandboxCancellation],
          useFactory: (store: SandboxStore, cancellation: SandboxCancellation) => new SandboxProvider(config, store, cancellation),
        },
        SandboxService,
        SandboxCancellation,
      );
    } else {
      providers.push({ provide: PAYMENT_PROVIDER, useFactory: () => new StripeProvider(config) });
    }
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [PlansController, AdminBillingController, SubscriptionsController, WebhookController, BillingStatsController, UserExportController, ...(sandbox ? [SandboxController] : [])],
      providers,
    };
  }
}

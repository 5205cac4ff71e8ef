import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, MailOutbox, renderMail } from '@clima/common';
import { PRIVACY_MESSAGES } from '@clima/contract';
import type { AuthConfig } from '../config';
import type { DeletedAccount } from '../users/account-deletion.service';

/** The e-mails of the LGPD self-service, queued on the platform's mail queue (delivered by the mail consumer). */
@Injectable()
export class PrivacyMail implements OnApplicationShutdown {
  private readonly outbox: MailOutbox;

  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {
    this.outbox = new MailOutbox({ redisUrl: config.REDIS_URL, prefix: config.KEY_PREFIX });
  }

  /** 'Sua conta foi excluída', to the address the account had. */
  async accountDeleted(account: DeletedAccount, at = new Date()): Promise<void> {
    const when = at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
    const message = renderMail(
      {
        title: PRIVACY_MESSAGES.deleted,
        greetingName: account.name,
        paragraphs: [
          `Confirmamos a exclusão da sua conta do Clima Pro em ${when}, como você pediu.`,
          'Seus dados foram apagados de todos os nossos serviços: cadastro, sessões, histórico de visualizações, progresso nos cursos, downloads de manuais e pontos do ranking. Sua assinatura foi cancelada e nenhuma nova cobrança será feita.',
          'Os pagamentos já feitos ficam nos nossos registros financeiros, sem nenhuma ligação com você.',
        ],
        notes: ['Se você não pediu esta exclusão, fale com o nosso suporte.', 'Você pode criar uma nova conta quando quiser.'],
      },
      this.config.PUBLIC_URL,
      account.email,
    );
    // a Google account may come back and be deleted again: the id names this deletion, not the account
    await this.outbox.send(message, { id: `account-deleted:${account.id}:${at.getTime()}` });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.outbox.close();
  }
}

import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, MailContent, MailOutbox, renderMail } from '@clima/common';
import { createHash } from 'node:crypto';
import type { AuthConfig } from '../config';

export type VerificationKind = 'new-account' | 'email-change' | 'resend';

/** Pages of the web app the links open. */
export const LINK_PAGES = { passwordReset: '/redefinir-senha', verifyEmail: '/verificar-email' } as const;

// a retried send of the same link is one message (the queue keeps one job per id)
const linkId = (kind: string, token: string) => `${kind}_${createHash('sha256').update(token).digest('hex').slice(0, 24)}`;

/** The account e-mails of the auth service (pt-BR), queued for delivery. */
@Injectable()
export class AccountMail implements OnModuleDestroy {
  private readonly outbox: MailOutbox;
  private readonly site: string;

  constructor(@Inject(CONFIG) config: AuthConfig) {
    this.outbox = new MailOutbox({ redisUrl: config.REDIS_URL, prefix: config.KEY_PREFIX });
    this.site = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  private link(page: string, token: string): string {
    return `${this.site}${page}?token=${token}`;
  }

  private send(to: string, content: MailContent, id?: string): Promise<void> {
    return this.outbox.send(renderMail(content, this.site, to), id ? { id } : {});
  }

  verification(to: string, name: string | null, token: string, kind: VerificationKind): Promise<void> {
    const change = kind === 'email-change';
    return this.send(
      to,
      {
        title: change ? 'Confirme seu novo e-mail' : 'Confirme seu e-mail',
        greetingName: name,
        paragraphs: change
          ? ['Recebemos um pedido para usar este endereço como o e-mail da sua conta no Clima Pro. A troca só vale depois que você confirmar.']
          : kind === 'new-account'
            ? ['Sua conta no Clima Pro foi criada. Confirme que este e-mail é seu: assim você pode recuperar a senha quando precisar.']
            : ['Confirme que este e-mail é seu: assim você pode recuperar a senha da sua conta no Clima Pro quando precisar.'],
        action: { label: 'Confirmar e-mail', url: this.link(LINK_PAGES.verifyEmail, token) },
        notes: [
          'O link vale por 48 horas e só pode ser usado uma vez.',
          change ? 'Se você não pediu essa troca, ignore este e-mail: nada muda na sua conta.' : 'Se você não criou uma conta no Clima Pro, ignore este e-mail.',
        ],
      },
      linkId('verify', token),
    );
  }

  /** To the current address when a new one is asked for: its owner learns of it before anything changes. */
  emailChangeNotice(to: string, name: string | null, newEmail: string): Promise<void> {
    return this.send(to, {
      title: 'Pedido de troca de e-mail',
      greetingName: name,
      paragraphs: [
        `Recebemos um pedido para trocar o e-mail da sua conta no Clima Pro para ${newEmail}.`,
        'A troca só vale quando o novo endereço for confirmado. Até lá, você continua entrando com este e-mail.',
      ],
      notes: ['Se não foi você, entre na sua conta e troque a senha em Meu Perfil, ou use "Esqueci minha senha" na tela de login.'],
    });
  }

  passwordReset(to: string, name: string | null, token: string): Promise<void> {
    return this.send(
      to,
      {
        title: 'Redefinir sua senha',
        greetingName: name,
        paragraphs: ['Recebemos um pedido para redefinir a senha da sua conta no Clima Pro. Clique no botão abaixo para criar uma nova senha.'],
        action: { label: 'Criar nova senha', url: this.link(LINK_PAGES.passwordReset, token) },
        notes: [
          'O link vale por 30 minutos e só pode ser usado uma vez. Ao redefinir a senha, todas as sessões abertas da conta são encerradas.',
          'Se você não pediu, ignore este e-mail: sua senha continua a mesma.',
        ],
      },
      linkId('reset', token),
    );
  }

  /** A reset asked for an account created through Google: it has no password to reset. */
  passwordResetGoogleAccount(to: string, name: string | null): Promise<void> {
    return this.send(to, {
      title: 'Sua conta usa o login com Google',
      greetingName: name,
      paragraphs: [
        'Recebemos um pedido para redefinir a senha da sua conta no Clima Pro. Ela não tem senha: você entra com o botão "Continuar com Google".',
      ],
      action: { label: 'Abrir o Clima Pro', url: `${this.site}/` },
      notes: ['Se você não pediu, ignore este e-mail.'],
    });
  }

  passwordChanged(to: string, name: string | null): Promise<void> {
    return this.send(to, {
      title: 'Sua senha foi redefinida',
      greetingName: name,
      paragraphs: [
        'A senha da sua conta no Clima Pro acabou de ser redefinida pelo link enviado a este e-mail, e todas as sessões abertas foram encerradas.',
      ],
      notes: ['Se não foi você, use "Esqueci minha senha" na tela de login para criar outra senha agora.'],
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.outbox.close();
  }
}

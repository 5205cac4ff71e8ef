import type { EventPayloads } from '@clima/common';
import { PLANS, SubscriptionPlan } from '@clima/contract';

const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** The date a Brazilian user reads (dd/mm/aaaa, São Paulo calendar). */
export const graceDate = (d: Date) => day.format(d);

/**
 * The 'Pagamento pendente' e-mail of a failed renewal: until when access lasts and where to update the
 * card. Sent once per failed period through auth, which knows the address (`user.mail`).
 */
export function paymentPendingMail(o: { graceUntil: Date; plan: SubscriptionPlan | null; publicUrl: string }): EventPayloads['user.mail']['mail'] {
  const date = graceDate(o.graceUntil);
  const plan = o.plan ? ` do plano ${PLANS[o.plan].name}` : '';
  return {
    title: 'Pagamento pendente',
    subject: `Pagamento pendente: atualize seu cartão até ${date}`,
    paragraphs: [
      `Não conseguimos cobrar a renovação da sua assinatura${plan} do Clima Pro.`,
      `Seu acesso continua liberado até ${date} enquanto tentamos a cobrança de novo. Para não perder o acesso, atualize o cartão em Minha Assinatura.`,
      `Se o pagamento não for confirmado até ${date}, o acesso aos conteúdos exclusivos será suspenso. Seu histórico e seus pontos continuam guardados.`,
    ],
    action: { label: 'Atualizar cartão', url: `${o.publicUrl.replace(/\/+$/, '')}/subscription` },
    notes: ['Se você já atualizou o cartão e o pagamento foi aprovado, pode ignorar este e-mail.'],
  };
}

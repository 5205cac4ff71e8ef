import type { EventPayloads } from '@clima/common';
import { PAYMENT_METHOD_LABELS, PaymentMethod, PLANS, SubscriptionPlan } from '@clima/contract';
import { graceDate } from '../subscriptions/grace-notice';
import { formatBoletoLine } from './boleto-line';

type Mail = EventPayloads['user.mail']['mail'];

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** 'R$ 19,90' (the non-breaking space Intl puts after the symbol becomes a plain one). */
export const formatBrl = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, ' ');

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
export const formatDateTime = (d: Date) => dateTime.format(d);

const site = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The next period's Pix or boleto, e-mailed when it is created (a few days before the period ends). */
export function chargeMail(o: { method: 'pix' | 'boleto'; plan: SubscriptionPlan; amountCents: number; code: string; dueAt: Date; expiresAt: Date; publicUrl: string }): Mail {
  const plan = PLANS[o.plan].name;
  const amount = formatBrl(o.amountCents);
  const due = graceDate(o.dueAt);
  if (o.method === 'pix') {
    return {
      title: 'Seu Pix da assinatura',
      subject: `Clima Pro: Pix de ${amount} para renovar o plano ${plan}`,
      paragraphs: [
        `Seu plano ${plan} do Clima Pro vence em ${due}. Para continuar com acesso, pague ${amount} com Pix.`,
        `Pix copia e cola: ${o.code}`,
        `O código vale até ${formatDateTime(o.expiresAt)}. Em Minha Assinatura você vê o QR Code e o tempo que falta.`,
      ],
      action: { label: 'Pagar com Pix', url: `${site(o.publicUrl)}/subscription` },
      notes: ['Prefere não pagar a cada período? Em Minha Assinatura você pode passar a pagar com cartão de crédito.'],
    };
  }
  return {
    title: 'Seu boleto da assinatura',
    subject: `Clima Pro: boleto de ${amount} para renovar o plano ${plan}`,
    paragraphs: [
      `Seu plano ${plan} do Clima Pro vence em ${due}. Para continuar com acesso, pague o boleto de ${amount}.`,
      `Linha digitável: ${formatBoletoLine(o.code)}`,
      `O boleto vence em ${graceDate(o.expiresAt)}. O PDF do boleto está em Minha Assinatura.`,
    ],
    action: { label: 'Ver boleto', url: `${site(o.publicUrl)}/subscription` },
    notes: ['O boleto leva até 3 dias úteis para ser confirmado pelo banco. Prefere o cartão? Mude em Minha Assinatura.'],
  };
}

/** The 'Recibo' of a confirmed payment. */
export function receiptMail(o: { number: string; paidAt: Date; plan: SubscriptionPlan | null; method: PaymentMethod; amountCents: number; payer: string | null; publicUrl: string }): Mail {
  return {
    title: 'Recibo de pagamento',
    subject: `Recibo ${o.number}: pagamento de ${formatBrl(o.amountCents)} confirmado`,
    paragraphs: [
      'Recebemos seu pagamento. Obrigado por assinar o Clima Pro!',
      `Recibo nº ${o.number}`,
      `Data: ${formatDateTime(o.paidAt)}`,
      `Plano: ${o.plan ? PLANS[o.plan].name : '—'}`,
      `Forma de pagamento: ${PAYMENT_METHOD_LABELS[o.method]}`,
      `Valor: ${formatBrl(o.amountCents)}`,
      ...(o.payer ? [`Pagador: ${o.payer}`] : []),
    ],
    action: { label: 'Ver recibos', url: `${site(o.publicUrl)}/subscription` },
    notes: ['O recibo em PDF está em Minha Assinatura, na lista de recibos.'],
  };
}

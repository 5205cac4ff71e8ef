import { maskCpf, PAYMENT_METHOD_LABELS, PaymentMethod, PLANS, SubscriptionPlan } from '@clima/contract';
import { PDFDocument, PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { formatBoletoLine } from './boleto-line';
import { formatBrl, formatDateTime } from './charge-mails';
import { graceDate } from '../subscriptions/grace-notice';

const NAVY = rgb(0.05, 0.17, 0.27);
const INK = rgb(0.2, 0.25, 0.33);
const MUTED = rgb(0.39, 0.45, 0.55);
const LINE = rgb(0.8, 0.84, 0.88);

/** The standard fonts print Latin-1: any other character becomes its base letter, or '?'. */
const printable = (text: string) =>
  [...text.normalize('NFC')]
    .map((ch) => {
      if (ch.charCodeAt(0) <= 0xff) return ch;
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return base && base.charCodeAt(0) <= 0xff ? base : '?';
    })
    .join('');

interface Row {
  label: string;
  value: string;
}

/** An A4 page with the brand, a title, label/value rows and a footnote. */
async function simpleDocument(o: { title: string; subtitle: string; rows: Row[]; footnote: string; big?: string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(o.title);
  doc.setProducer('Clima Pro');
  doc.setCreator('Clima Pro');
  const page = doc.addPage([595.28, 841.89]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const text = (t: string, x: number, y: number, size: number, font: PDFFont, color = INK) => page.drawText(printable(t), { x, y, size, font, color });
  text('Clima Pro', 56, 780, 22, bold, NAVY);
  text(o.title, 56, 742, 18, bold, NAVY);
  text(o.subtitle, 56, 722, 11, regular, MUTED);
  page.drawLine({ start: { x: 56, y: 708 }, end: { x: 539, y: 708 }, thickness: 1, color: LINE });
  let y = 680;
  for (const r of o.rows) {
    text(r.label, 56, y, 11, bold);
    text(r.value, 200, y, 11, regular);
    y -= 24;
  }
  if (o.big) {
    y -= 10;
    text(o.big, 56, y, 13, bold, NAVY);
    y -= 24;
  }
  page.drawLine({ start: { x: 56, y }, end: { x: 539, y }, thickness: 1, color: LINE });
  text(o.footnote, 56, y - 20, 9, regular, MUTED);
  return Buffer.from(await doc.save());
}

/** The 'Recibo' of a payment as a PDF. */
export function receiptPdf(r: { number: string; paidAt: Date; plan: SubscriptionPlan | null; method: PaymentMethod; amountCents: number; payer: string | null }): Promise<Buffer> {
  return simpleDocument({
    title: 'Recibo',
    subtitle: `Recibo nº ${r.number}`,
    rows: [
      { label: 'Data', value: formatDateTime(r.paidAt) },
      { label: 'Plano', value: r.plan ? `${PLANS[r.plan].name} (${PLANS[r.plan].label})` : '—' },
      { label: 'Forma de pagamento', value: PAYMENT_METHOD_LABELS[r.method] },
      { label: 'Valor', value: formatBrl(r.amountCents) },
      { label: 'Pagador', value: r.payer ?? '—' },
      { label: 'Número do recibo', value: r.number },
    ],
    footnote: 'Recebemos o valor acima referente à assinatura do Clima Pro.',
  });
}

/** The sandbox's boleto as a PDF (demonstration: bank 000 pays nowhere). */
export function boletoPdf(b: { line: string; amountCents: number; due: Date; plan: SubscriptionPlan; payerCpf: string | null }): Promise<Buffer> {
  return simpleDocument({
    title: 'Boleto (demonstração)',
    subtitle: 'Ambiente de demonstração: nenhuma cobrança é feita. Não use em produção.',
    rows: [
      { label: 'Beneficiário', value: 'Clima Pro' },
      { label: 'Plano', value: `${PLANS[b.plan].name} (${PLANS[b.plan].label})` },
      { label: 'Valor', value: formatBrl(b.amountCents) },
      { label: 'Vencimento', value: graceDate(b.due) },
      { label: 'CPF do pagador', value: b.payerCpf ? maskCpf(b.payerCpf) : '—' },
    ],
    big: formatBoletoLine(b.line),
    footnote: 'Linha digitável acima. Pague até o vencimento em qualquer banco ou aplicativo.',
  });
}

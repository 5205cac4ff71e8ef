import { PLANS, SubscriptionPlan } from '@clima/contract';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

export const brl = (cents: number) => money.format(cents / 100);
export const ddmmyyyy = (d: Date) => day.format(d);

export function esc(v: unknown): string {
  return String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Headers of every sandbox page: no script, no external asset, no framing. */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
.sandbox{background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;padding:10px 16px;text-align:center;font-size:14px;font-weight:600}
.wrap{max-width:960px;margin:0 auto;padding:24px 16px 48px;display:grid;gap:24px;grid-template-columns:1fr}
@media(min-width:820px){.wrap{grid-template-columns:1fr 1fr;padding-top:48px}}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;color:#0369a1}
.logo{width:36px;height:36px;border-radius:10px;background:linear-gradient(135deg,#0ea5e9,#0369a1);display:grid;place-items:center;color:#fff;font-size:18px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(15,23,42,.08),0 8px 24px rgba(15,23,42,.06);padding:24px}
h1{font-size:22px;margin:16px 0 4px}
h2{font-size:16px;margin:0 0 12px}
.price{font-size:34px;font-weight:800;margin:8px 0 0}
.price small{font-size:15px;font-weight:500;color:#475569}
.muted{color:#475569;font-size:14px}
.badge{display:inline-block;background:#dcfce7;color:#166534;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:700}
.badge.warn{background:#fef9c3;color:#854d0e}.badge.off{background:#fee2e2;color:#991b1b}
.rows{margin:20px 0 0;border-top:1px solid #e2e8f0}
.row{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e2e8f0;font-size:15px}
.row strong{font-weight:700}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px;color:#334155}
input{width:100%;font:inherit;font-size:16px;padding:11px 12px;border:1px solid #cbd5e1;border-radius:10px;background:#fff;color:#0f172a}
input:focus{outline:2px solid #0ea5e9;outline-offset:1px;border-color:#0ea5e9}
input[readonly]{background:#f8fafc;color:#475569}
.two{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button,.btn{display:block;width:100%;margin-top:20px;border:0;border-radius:10px;padding:13px 16px;font:inherit;font-size:16px;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;background:#0369a1;color:#fff}
button:hover,.btn:hover{background:#075985}
button.secondary,.btn.secondary{background:#e2e8f0;color:#0f172a}
button.danger{background:#b91c1c}button.danger:hover{background:#991b1b}
.error{background:#fee2e2;color:#991b1b;border-radius:10px;padding:10px 12px;font-size:14px;margin-top:14px}
.ok{background:#dcfce7;color:#166534;border-radius:10px;padding:10px 12px;font-size:14px;margin-top:14px}
.hint{font-size:13px;color:#475569;margin-top:14px}
.back{display:inline-block;margin-top:16px;color:#0369a1;font-size:14px;text-decoration:none}
form.inline{margin:0}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<div class="sandbox" role="note">Ambiente de demonstração: nenhuma cobrança é feita. Não use em produção.</div>
${body}
</body>
</html>`;
}

const brand = `<div class="brand"><span class="logo" aria-hidden="true">❄</span>Clima Pro</div>`;

export interface CheckoutView {
  id: string;
  plan: SubscriptionPlan;
  email: string;
  name: string;
  trialDays: number;
  firstChargeAt: Date;
  /** A switch from Pix/boleto: the period already paid lasts until then, when the card is first charged. */
  paidUntil?: Date | null;
  error?: string;
  form?: { name?: string; card_number?: string; expiry?: string; cvc?: string };
}

export function checkoutPage(v: CheckoutView): string {
  const p = PLANS[v.plan];
  const per = p.interval === 'month' ? 'mês' : 'ano';
  const extra = v.plan === 'annual' ? `<p class="muted">2 meses grátis — cerca de ${brl(PLANS.annual.monthly_equivalent_cents)} por mês.</p>` : '';
  const today = v.trialDays > 0 || v.paidUntil ? 0 : p.price_cents;
  const trial = v.paidUntil
    ? `<p class="muted">O período já pago com Pix ou boleto continua valendo até ${ddmmyyyy(v.paidUntil)}. A primeira cobrança no cartão, de ${brl(p.price_cents)}, é nesse dia; depois, renovação automática a cada ${per}.</p>`
    : v.trialDays > 0
      ? `<p><span class="badge">${v.trialDays} dias grátis</span></p>
         <p class="muted">Pedimos o cartão agora, mas nada é cobrado antes do fim do teste. Depois do período gratuito, cobrança automática de ${brl(p.price_cents)} por ${per} a partir de ${ddmmyyyy(v.firstChargeAt)}. Cancele quando quiser, sem multa.</p>`
      : `<p class="muted">Renovação automática a cada ${per}. Cancele quando quiser, sem multa.</p>`;
  const f = v.form ?? {};
  return layout(
    `Assinar ${p.name} — Clima Pro`,
    `<main class="wrap">
  <section>
    ${brand}
    <h1>Assinatura ${esc(p.name)}</h1>
    <p class="price">${brl(p.price_cents)} <small>/ ${per}</small></p>
    ${extra}
    ${trial}
    <div class="rows">
      <div class="row"><span>Plano ${esc(p.name)}</span><span>${brl(p.price_cents)}</span></div>
      <div class="row"><strong>Total hoje</strong><strong>${brl(today)}</strong></div>
    </div>
    <a class="back" href="/subscription?status=canceled">← Voltar sem assinar</a>
  </section>
  <section class="card">
    <h2>Pagamento com cartão</h2>
    <form method="post" action="/api/billing/sandbox/checkout/${esc(v.id)}/complete" novalidate>
      <label for="email">E-mail</label>
      <input id="email" type="email" value="${esc(v.email)}" readonly>
      <label for="card_number">Número do cartão</label>
      <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${esc(f.card_number ?? '4242 4242 4242 4242')}" required>
      <div class="two">
        <div><label for="expiry">Validade (MM/AA)</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="7" value="${esc(f.expiry ?? '12/34')}" required></div>
        <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" value="${esc(f.cvc ?? '123')}" required></div>
      </div>
      <label for="name">Nome impresso no cartão</label>
      <input id="name" name="name" autocomplete="cc-name" maxlength="100" value="${esc(f.name ?? v.name)}" required>
      ${v.error ? `<div class="error" role="alert">${esc(v.error)}</div>` : ''}
      <button type="submit">Assinar</button>
      <p class="hint">Cartões de teste: 4242 4242 4242 4242 aprova; 4000 0000 0000 0002 é recusado. Qualquer validade futura e qualquer CVC.</p>
    </form>
  </section>
</main>`,
  );
}

export interface PortalView {
  id: string;
  email: string;
  plan: SubscriptionPlan | null;
  providerStatus: string | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** While a failed renewal is pending: until when the platform keeps access. */
  graceUntil?: Date | null;
  notice?: string;
  error?: string;
}

const running = (s: string | null) => s === 'trialing' || s === 'active' || s === 'past_due';

export function portalPage(v: PortalView): string {
  const p = v.plan ? PLANS[v.plan] : null;
  const per = p?.interval === 'year' ? 'ano' : 'mês';
  let badge = '<span class="badge off">Sem assinatura</span>';
  let when = '';
  if (running(v.providerStatus) && v.cancelAtPeriodEnd) {
    badge = '<span class="badge warn">Cancelada — acesso até o fim do período</span>';
    if (v.periodEnd) when = `<div class="row"><span>Acesso até</span><strong>${ddmmyyyy(v.periodEnd)}</strong></div>`;
  } else if (running(v.providerStatus)) {
    badge =
      v.providerStatus === 'trialing'
        ? '<span class="badge">Período de teste</span>'
        : v.providerStatus === 'past_due'
          ? '<span class="badge warn">Pagamento pendente — nova tentativa em breve</span>'
          : '<span class="badge">Ativa</span>';
    if (v.providerStatus === 'past_due' && v.graceUntil) when = `<div class="row"><span>Acesso mantido até</span><strong>${ddmmyyyy(v.graceUntil)}</strong></div>`;
    else if (v.periodEnd) when = `<div class="row"><span>Próxima cobrança</span><strong>${ddmmyyyy(v.periodEnd)}</strong></div>`;
  } else if (v.providerStatus) {
    badge = '<span class="badge off">Encerrada</span>';
    if (v.periodEnd) when = `<div class="row"><span>Encerrada em</span><strong>${ddmmyyyy(v.periodEnd)}</strong></div>`;
  }
  const action = (name: string, label: string, cls = '') =>
    `<form class="inline" method="post" action="/api/billing/sandbox/portal/${esc(v.id)}/${name}"><button type="submit" class="${cls}">${label}</button></form>`;
  const actions: string[] = [];
  if (v.providerStatus === 'past_due' && !v.cancelAtPeriodEnd) {
    // the customer fixes the card and the pending charge goes through, or the next retry fails too
    actions.push(action('pay', 'Atualizar cartão e pagar agora'));
    actions.push(action('fail', 'Simular nova falha na cobrança', 'secondary'));
    actions.push(action('cancel', 'Cancelar assinatura', 'danger'));
  } else if (running(v.providerStatus) && !v.cancelAtPeriodEnd) {
    actions.push(action('cancel', 'Cancelar assinatura', 'danger'));
    actions.push(action('renew', 'Simular renovação (cobrança aprovada)', 'secondary'));
    actions.push(action('fail', 'Simular falha na renovação', 'secondary'));
  }
  if (running(v.providerStatus) && v.cancelAtPeriodEnd) {
    actions.push(action('resume', 'Reativar assinatura'));
    actions.push(action('end', 'Simular fim do período agora', 'secondary'));
  }
  return layout(
    'Gerenciar assinatura — Clima Pro',
    `<main class="wrap">
  <section>
    ${brand}
    <h1>Gerenciar assinatura</h1>
    <p class="muted">${esc(v.email)}</p>
    <a class="back" href="/subscription">← Voltar para Minha Assinatura</a>
  </section>
  <section class="card">
    <h2>${p ? `Plano ${esc(p.name)} — ${brl(p.price_cents)} / ${per}` : 'Assinatura'}</h2>
    ${badge}
    <div class="rows">${when}</div>
    ${v.notice ? `<div class="ok" role="status">${esc(v.notice)}</div>` : ''}
    ${v.error ? `<div class="error" role="alert">${esc(v.error)}</div>` : ''}
    ${actions.join('\n')}
    <p class="hint">Ao cancelar, o acesso continua até o fim do período já pago.</p>
  </section>
</main>`,
  );
}

export function messagePage(title: string, text: string, status: 'error' | 'ok' = 'error'): string {
  return layout(
    `${title} — Clima Pro`,
    `<main class="wrap"><section class="card">${brand}<h1>${esc(title)}</h1><div class="${status === 'ok' ? 'ok' : 'error'}">${esc(text)}</div>
<a class="btn secondary" href="/subscription">Voltar para Minha Assinatura</a></section></main>`,
  );
}

export interface ChargeView {
  id: string;
  method: 'pix' | 'boleto';
  plan: SubscriptionPlan;
  amountCents: number;
  code: string;
  /** Pix: the QR code as an SVG document (shown as a data: image, the page loads nothing else). */
  qrSvg: string | null;
  pdfUrl: string | null;
  status: string;
  expiresAt: Date;
  notice?: string;
}

/** The sandbox's "bank": a Pix or boleto to pay with 'Simular pagamento' (or to let expire). */
export function chargePage(v: ChargeView): string {
  const p = PLANS[v.plan];
  const pix = v.method === 'pix';
  const open = v.status === 'pending' || v.status === 'processing';
  const expired = open && v.expiresAt.getTime() <= Date.now();
  const state =
    v.status === 'paid'
      ? '<p><span class="badge">Pago</span></p>'
      : expired || v.status === 'expired'
        ? '<p><span class="badge off">Expirado</span></p>'
        : v.status === 'failed'
          ? '<p><span class="badge off">Recusado</span></p>'
          : `<p><span class="badge warn">Aguardando pagamento</span></p><p class="muted">${pix ? 'Válido até' : 'Vence em'} ${esc(pix ? day.format(v.expiresAt) + ' ' + v.expiresAt.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }) : ddmmyyyy(v.expiresAt))}</p>`;
  const action = (name: string, label: string, cls = '') =>
    `<form class="inline" method="post" action="/api/billing/sandbox/charge/${esc(v.id)}/${name}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  return layout(
    `${pix ? 'Pix' : 'Boleto'} — Clima Pro`,
    `<main class="wrap">
  <section>
    ${brand}
    <h1>${pix ? 'Pagar com Pix' : 'Pagar com boleto'}</h1>
    <p class="price">${brl(v.amountCents)}</p>
    <p class="muted">Plano ${esc(p.name)} do Clima Pro: um ${p.interval === 'month' ? 'mês' : 'ano'} de acesso a partir da confirmação do pagamento.</p>
    ${state}
    ${v.notice ? `<div class="ok" role="status">${esc(v.notice)}</div>` : ''}
    <a class="back" href="/subscription">← Voltar para Minha Assinatura</a>
  </section>
  <section class="card">
    <h2>${pix ? 'QR Code e Pix copia e cola' : 'Linha digitável'}</h2>
    ${pix && v.qrSvg ? `<img alt="QR Code do Pix" width="220" height="220" src="data:image/svg+xml;base64,${Buffer.from(v.qrSvg).toString('base64')}">` : ''}
    <label for="code">${pix ? 'Pix copia e cola' : 'Linha digitável do boleto'}</label>
    <input id="code" value="${esc(v.code)}" readonly>
    ${!pix && v.pdfUrl ? `<a class="btn secondary" href="${esc(v.pdfUrl)}">Baixar boleto (PDF)</a>` : ''}
    ${action('pay', 'Simular pagamento')}
    ${open ? action('expire', 'Simular vencimento sem pagamento', 'secondary') : ''}
    <p class="hint">Na demonstração nenhum banco recebe o pagamento: 'Simular pagamento' envia ao Clima Pro o mesmo aviso que o provedor enviaria. Simular de novo um Pix já pago mostra que ele é creditado uma só vez.</p>
  </section>
</main>`,
  );
}

import type { PublicCertificate } from '@clima/contract/certificates';
import { formatCertificateCode, normalizeCertificateCode, workloadLabel } from '@clima/contract/certificate-code';
import { Printer, SearchX, ShieldCheck, ShieldX, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { PageSpinner } from '@clima/web-kit/spinner';
import { Brand } from '../../layout/components/brand';
import { verifyPath } from '../api/certificates-api';
import { usePublicCertificate } from '../hooks/use-certificates';

const m = messages.certificates;
const checkedAt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** The page's frame: the brand, a card, and a way back to the site. Printable: only the card goes to paper. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-white print:bg-none print:bg-white">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-4 pt-6 sm:px-6 sm:pt-10 print:pt-0">
        <Brand />
        <span className="text-right text-xs font-semibold uppercase tracking-wide text-slate-500">{m.verifyTitle}</span>
      </header>
      <main id="conteudo" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-10 print:py-4">
        {children}
      </main>
      <footer className="mx-auto w-full max-w-3xl px-4 pb-8 text-center text-sm text-slate-500 sm:px-6 print:hidden">
        <Link to="/" className="font-medium text-sky-700 hover:underline">
          {m.about}
        </Link>
      </footer>
    </div>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Verified({ certificate }: { certificate: PublicCertificate }) {
  const valid = certificate.status === 'valid';
  const Icon = valid ? ShieldCheck : ShieldX;
  const holder = certificate.holder_name ?? (certificate.holder_deleted ? m.holderRemoved : m.holderUnknown);
  return (
    <article
      className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm print:rounded-none print:border-slate-300 print:shadow-none"
      data-testid="certificate-verification"
      data-status={certificate.status}
    >
      <div
        className={`flex items-start gap-4 px-5 py-6 sm:px-8 ${valid ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'} print:border-b print:border-slate-300`}
        role="status"
      >
        <span className={`grid size-12 shrink-0 place-items-center rounded-2xl text-white ${valid ? 'bg-emerald-600' : 'bg-red-600'}`}>
          <Icon className="size-7" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{valid ? m.validTitle : m.revokedTitle}</h1>
          <p className="mt-1 text-sm">
            {valid ? m.validText : m.revokedText(formatDate(certificate.revoked_at))}
            {!valid && certificate.holder_deleted && <> {m.holderDeletedText}</>}
          </p>
        </div>
      </div>
      <dl className="grid gap-5 px-5 py-6 sm:grid-cols-2 sm:px-8 sm:py-8">
        <Detail label={m.holder} wide>
          <span className={`text-xl ${certificate.holder_name ? '' : 'font-medium italic text-slate-500'}`}>{holder}</span>
        </Detail>
        <Detail label={m.course} wide>
          {certificate.course_title}
        </Detail>
        <Detail label={m.workloadLabel}>{workloadLabel(certificate.workload_hours, certificate.workload_minutes)}</Detail>
        {certificate.assessment_score != null && <Detail label={m.assessmentScore}>{`${certificate.assessment_score}%`}</Detail>}
        <Detail label={m.issuedAt}>{formatDate(certificate.issued_at)}</Detail>
        <Detail label={m.code}>
          <span className="font-mono tracking-wider">{formatCertificateCode(certificate.code)}</span>
        </Detail>
      </dl>
      <div className="flex flex-col gap-3 border-t border-slate-100 px-5 py-4 text-xs text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p>{m.checkedAt(checkedAt.format(new Date()))}</p>
        <button type="button" onClick={() => window.print()} className={`${buttonStyles.secondary} print:hidden`}>
          <Printer className="size-4" aria-hidden />
          {m.print}
        </button>
      </div>
    </article>
  );
}

/** 'Verificar outro código': takes a code as printed (with dashes, any case) to its page. */
function CodeForm() {
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeCertificateCode(value) ?? value.trim();
    if (code) navigate(verifyPath(code));
  };
  return (
    <form onSubmit={submit} className="mt-6 text-left print:hidden">
      <label htmlFor={id} className={labelStyles}>
        {m.codeLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={m.codePlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className={`${inputStyles} font-mono uppercase tracking-wider`}
        />
        <button type="submit" className={buttonStyles.primary}>
          {m.check}
        </button>
      </div>
    </form>
  );
}

function Problem({ icon: Icon, title, text }: { icon: typeof SearchX; title: string; text: string }) {
  return (
    <section className="rounded-3xl border border-slate-200 bg-white px-5 py-8 text-center shadow-sm sm:px-10" data-testid="certificate-verification" data-status="not-found">
      <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-amber-50 text-amber-600">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{text}</p>
      <div className="mx-auto max-w-md">
        <CodeForm />
      </div>
    </section>
  );
}

/** /certificados/{code}: anyone, signed in or not, checks a certificate by its code (the QR code leads here). */
export default function CertificateVerifyPage() {
  const { code = '' } = useParams();
  const canonical = normalizeCertificateCode(code);
  const lookup = usePublicCertificate(canonical ?? code);

  let body: ReactNode;
  if (lookup.isPending) body = <PageSpinner label={messages.common.loading} />;
  else if (lookup.isError) body = <Problem icon={TriangleAlert} title={m.verifyTitle} text={m.loadFailed} />;
  else if (!lookup.data) body = <Problem icon={SearchX} title={m.notFoundTitle} text={m.notFoundText} />;
  else body = <Verified certificate={lookup.data} />;
  return <Frame>{body}</Frame>;
}

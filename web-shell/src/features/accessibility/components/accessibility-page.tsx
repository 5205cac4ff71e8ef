import type { ReactNode } from 'react';
import { messages } from '../../../i18n/messages';
import { PageHeader } from '../../../shared/ui/page-header';

const m = messages.accessibility;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

/** /acessibilidade: the accessibility statement linked in the footer (issue 25). Public. */
export default function AccessibilityPage() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <Section id="a11y-compromisso" title={m.commitmentTitle}>
        <p>{m.commitment}</p>
      </Section>
      <Section id="a11y-atende" title={m.conformsTitle}>
        <ul className="list-disc space-y-2 pl-5">
          {m.conforms.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Section>
      <Section id="a11y-nao-atende" title={m.notYetTitle}>
        <ul className="list-disc space-y-2 pl-5">
          {m.notYet.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Section>
      <Section id="a11y-relatar" title={m.reportTitle}>
        <p>{m.report}</p>
        <p className="mt-3">
          <a href={`mailto:${m.reportEmail}`} className="inline-flex min-h-11 items-center font-semibold wrap-anywhere text-sky-700 underline underline-offset-2 hover:text-sky-900">
            {m.reportContact}
          </a>
        </p>
      </Section>
      <p className="text-sm text-slate-600">{m.updated}</p>
    </div>
  );
}

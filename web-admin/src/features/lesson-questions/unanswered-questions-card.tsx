import { ArrowRight, MessageCircleQuestion } from 'lucide-react';
import { Link } from '@clima/router';
import { adminQuestionMessages as m } from './lesson-questions-admin-messages';
import { useUnansweredQuestions } from './unanswered-questions-page';

/** The dashboard's 'Dúvidas sem resposta': how many questions wait for an instructor, and the way to them. */
export function UnansweredQuestionsCard() {
  const { data } = useUnansweredQuestions();
  const count = data?.unanswered;
  return (
    <section aria-labelledby="unanswered-questions-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="unanswered-questions-card">
      <div className="flex items-start gap-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-amber-500 to-orange-400 text-white">
          <MessageCircleQuestion className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="unanswered-questions-title" className="font-semibold text-slate-900">
            {m.dashboardTitle}
          </h2>
          <p className="text-sm text-slate-600">{m.dashboardText}</p>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="unanswered-questions-count">
            {count ?? '–'}
          </p>
        </div>
      </div>
      <Link to="/admin/duvidas" className="mt-3 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-sky-800 hover:underline">
        {m.dashboardLink}
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </section>
  );
}

import type { QuizAnswersBody, QuizQuestionResult, QuizQuestionView } from '@clima/contract/quizzes';
import { buttonStyles } from '@clima/web-kit/button';
import { Check, CircleCheck, CircleX, Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { quizMessages as m } from './quiz-messages';

/** What was chosen per question id. */
export type Choices = Record<number, number[]>;

export const toAnswers = (questions: QuizQuestionView[], choices: Choices): QuizAnswersBody => ({
  answers: questions.map((q) => ({ question_id: q.id, option_ids: choices[q.id] ?? [] })),
});

function QuestionImage({ url, index }: { url: string | null; index: number }) {
  if (!url) return null;
  return <img src={url} alt={m.imageAlt(index)} loading="lazy" className="mt-3 max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain" />;
}

/**
 * The questions, one per card: the options are whole-width rows (at least 48 px high) a thumb hits easily;
 * a single-choice question is a radio group, a multiple-choice one a set of checkboxes.
 */
export function QuestionForm({
  idPrefix,
  questions,
  submitLabel,
  pending,
  onSubmit,
  footer,
}: {
  idPrefix: string;
  questions: QuizQuestionView[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (choices: Choices) => void;
  footer?: React.ReactNode;
}) {
  const [choices, setChoices] = useState<Choices>({});
  const [tried, setTried] = useState(false);
  const missing = questions.filter((q) => !(choices[q.id]?.length)).length;

  const toggle = (q: QuizQuestionView, optionId: number) =>
    setChoices((c) => {
      const now = c[q.id] ?? [];
      if (q.kind === 'single') return { ...c, [q.id]: [optionId] };
      return { ...c, [q.id]: now.includes(optionId) ? now.filter((id) => id !== optionId) : [...now, optionId] };
    });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (missing === 0) onSubmit(choices);
      }}
      className="space-y-4"
    >
      {questions.map((q, i) => (
        <fieldset key={q.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="quiz-question">
          <legend className="sr-only">{m.questionOf(i + 1, questions.length)}</legend>
          <p className="text-xs font-semibold uppercase tracking-wide text-sky-700" aria-hidden>
            {m.questionOf(i + 1, questions.length)}
          </p>
          <p className="mt-1 whitespace-pre-line text-base font-semibold text-slate-900" id={`${idPrefix}-q${q.id}`}>
            {q.prompt}
          </p>
          <QuestionImage url={q.image_url} index={i + 1} />
          <p className="mt-2 text-xs text-slate-600">{q.kind === 'single' ? m.chooseOne : m.chooseMany}</p>
          <div className="mt-2 space-y-2" role={q.kind === 'single' ? 'radiogroup' : 'group'} aria-labelledby={`${idPrefix}-q${q.id}`}>
            {q.options.map((o) => {
              const checked = (choices[q.id] ?? []).includes(o.id);
              return (
                <label
                  key={o.id}
                  className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm text-slate-800 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600 ${
                    checked ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-white hover:bg-slate-50'
                  }`}
                >
                  <input
                    type={q.kind === 'single' ? 'radio' : 'checkbox'}
                    name={`${idPrefix}-q${q.id}`}
                    value={o.id}
                    checked={checked}
                    onChange={() => toggle(q, o.id)}
                    className="size-5 shrink-0 accent-sky-700"
                  />
                  <span className="min-w-0 flex-1">{o.text}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {tried && missing > 0 && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {m.unanswered(missing)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={`${buttonStyles.primary} min-h-12 w-full sm:w-auto`} disabled={pending}>
          {pending ? m.sending : submitLabel}
        </button>
        {footer}
      </div>
    </form>
  );
}

/** After submitting: each question right or wrong, the option chosen, the right one(s), and why. */
export function ResultCards({ questions, results }: { questions: QuizQuestionView[]; results: QuizQuestionResult[] }) {
  const byId = new Map(results.map((r) => [r.question_id, r]));
  return (
    <ol className="space-y-4" aria-label="Correção">
      {questions.map((q, i) => {
        const r = byId.get(q.id);
        if (!r) return null;
        return (
          <li
            key={q.id}
            className={`rounded-2xl border p-4 ${r.correct ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`}
            data-testid="quiz-result"
            data-correct={r.correct ? 'true' : 'false'}
          >
            <p className={`flex items-center gap-1.5 text-sm font-bold ${r.correct ? 'text-emerald-800' : 'text-red-800'}`}>
              {r.correct ? <CircleCheck className="size-4" aria-hidden /> : <CircleX className="size-4" aria-hidden />}
              {m.questionOf(i + 1, questions.length)} · {r.correct ? m.right : m.wrong}
            </p>
            <p className="mt-1 whitespace-pre-line font-semibold text-slate-900">{q.prompt}</p>
            <QuestionImage url={q.image_url} index={i + 1} />
            <ul className="mt-2 space-y-1.5">
              {q.options.map((o) => {
                const right = r.correct_option_ids.includes(o.id);
                const chosen = r.selected_option_ids.includes(o.id);
                return (
                  <li
                    key={o.id}
                    className={`flex items-start gap-2 rounded-lg px-2.5 py-2 text-sm ${right ? 'bg-white font-semibold text-emerald-900 ring-1 ring-emerald-300' : chosen ? 'bg-white text-red-800 ring-1 ring-red-300' : 'text-slate-700'}`}
                  >
                    {right ? <Check className="mt-0.5 size-4 shrink-0" aria-hidden /> : <span className="size-4 shrink-0" aria-hidden />}
                    <span className="min-w-0 flex-1">
                      {o.text}
                      {right && <span className="sr-only"> ({m.correctAnswer})</span>}
                      {chosen && <span className="ml-1 text-xs font-normal">({m.yourAnswer})</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
            {r.selected_option_ids.length === 0 && <p className="mt-1 text-xs text-slate-700">{m.noAnswer}</p>}
            {r.explanation && (
              <p className="mt-3 flex gap-2 rounded-lg bg-white p-2.5 text-sm text-slate-800">
                <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
                <span>
                  <strong className="font-semibold">{m.why}: </strong>
                  {r.explanation}
                </span>
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

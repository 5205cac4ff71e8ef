import type { AssessmentAttempt, AssessmentResult } from '@clima/contract/quizzes';
import { buttonStyles } from '@clima/web-kit/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Award, Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CourseCertificateLink } from '../../certificates/components/course-certificate-link';
import { fetchAssessment, quizKeys, startAssessment, submitAssessment } from './quiz-api';
import { QuestionForm, ResultCards, toAnswers } from './question-cards';
import { quizMessages as m } from './quiz-messages';

/** mm:ss */
const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** The countdown of a timed attempt, from the seconds the server said were left (the server keeps the real limit). */
function Countdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const end = Date.now() + seconds * 1000;
    const t = setInterval(() => setLeft(Math.max(0, Math.round((end - Date.now()) / 1000))), 1000);
    return () => clearInterval(t);
  }, [seconds]);
  const low = left <= 60;
  return (
    // sticks just below the site's sticky header, where it stays in sight while the questions scroll
    <div data-sticky-countdown className={`sticky top-[calc(var(--spacing-header)+0.5rem)] z-10 flex min-h-countdown items-center justify-between gap-3 rounded-xl border px-4 py-2.5 shadow-sm ${low ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`} data-testid="assessment-timer">
      <span className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Timer className="size-4" aria-hidden />
        {m.timeLeft}
      </span>
      {/* announced only when a minute is left, not every second */}
      <span className={`font-mono text-lg font-bold ${low ? 'text-red-800' : 'text-slate-900'}`} aria-live={low ? 'polite' : 'off'}>
        {clock(left)}
      </span>
      {left === 0 && (
        <span role="alert" className="sr-only">
          {m.timeUp}
        </span>
      )}
    </div>
  );
}

/**
 * 'Avaliação final' on the course page: the rules and the attempts left today; started, the drawn questions
 * (with the countdown when timed); sent, the score and the correction. Nothing shows when the course has none.
 */
export function AssessmentPanel({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: quizKeys.assessment(courseId), queryFn: () => fetchAssessment(courseId) });
  const [attempt, setAttempt] = useState<AssessmentAttempt | null>(null);
  const [result, setResult] = useState<{ attempt: AssessmentAttempt; result: AssessmentResult } | null>(null);
  const top = useRef<HTMLElement>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: quizKeys.assessment(courseId) });

  const start = useMutation({
    mutationFn: () => startAssessment(courseId),
    onSuccess: (a) => {
      setResult(null);
      setAttempt(a);
      refresh();
    },
  });
  const submit = useMutation({
    mutationFn: ({ a, body }: { a: AssessmentAttempt; body: Parameters<typeof submitAssessment>[2] }) => submitAssessment(courseId, a.id, body),
    onSuccess: (r, { a }) => {
      setAttempt(null);
      setResult({ attempt: a, result: r });
      refresh();
    },
  });
  useEffect(() => {
    if (attempt || result) top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [attempt, result]);

  const s = status.data;
  if (!s) return null;
  const canStart = s.open_attempt_id !== null || s.attempts_left_today > 0;

  return (
    <section ref={top} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="assessment-title" data-testid="assessment">
      <header>
        <h2 id="assessment-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Award className="size-5 text-sky-700" aria-hidden />
          {m.assessmentTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{m.assessmentRules(s.questions_per_attempt, s.passing_score, s.attempts_per_day, s.time_limit_minutes)}</p>
        {!s.passed && <p className="mt-1 text-sm text-slate-700">{m.certificateNeedsIt}</p>}
      </header>

      {attempt ? (
        <div className="space-y-4">
          {attempt.seconds_left !== null && <Countdown seconds={attempt.seconds_left} />}
          <QuestionForm
            idPrefix={`as${attempt.id}`}
            questions={attempt.questions}
            submitLabel={m.submitAssessment}
            pending={submit.isPending}
            onSubmit={(c) => submit.mutate({ a: attempt, body: toAnswers(attempt.questions, c) })}
          />
          {submit.isError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {submit.error.message}
            </p>
          )}
        </div>
      ) : (
        <>
          {result && (
            <div className="space-y-4">
              <div className={`rounded-2xl border p-4 ${result.result.passed ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'}`} role="status" data-testid="assessment-score">
                <p className="text-lg font-bold text-slate-900">{m.score(result.result.score, result.result.correct, result.result.total)}</p>
                <p className="mt-1 text-sm text-slate-800">{result.result.expired ? m.expired : result.result.passed ? m.passed : m.failed(result.result.passing_score)}</p>
              </div>
              <ResultCards questions={result.attempt.questions} results={result.result.results} />
            </div>
          )}
          {s.passed && s.best_score !== null && (
            <div className="space-y-3 rounded-xl bg-emerald-50 p-3">
              <p className="text-sm font-semibold text-emerald-900" data-testid="assessment-passed">
                {m.assessmentPassed(s.best_score)}
              </p>
              {s.lessons_completed && <CourseCertificateLink courseId={s.course_id} />}
            </div>
          )}
          {!s.passed && (
            <div className="space-y-2">
              <p className="text-sm font-medium text-slate-800" data-testid="assessment-attempts-left">
                {m.attemptsLeft(s.attempts_left_today)}
              </p>
              {canStart && (
                <button type="button" onClick={() => start.mutate()} disabled={start.isPending} className={`${buttonStyles.primary} min-h-12 w-full sm:w-auto`}>
                  {s.open_attempt_id !== null ? m.resume : result ? m.retry : m.start}
                </button>
              )}
              {start.isError && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {start.error.message}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

import type { QuizResult } from '@clima/contract/quizzes';
import { buttonStyles } from '@clima/web-kit/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, RotateCcw, Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { answerLessonQuiz, fetchLessonQuiz, quizKeys } from './quiz-api';
import { QuestionForm, ResultCards, toAnswers } from './question-cards';
import { quizMessages as m } from './quiz-messages';

/** The score of a submission, announced to screen readers, with the way to try again. */
function ScoreBox({ result, pass, onRetry, retryRef }: { result: QuizResult; pass: number; onRetry: () => void; retryRef: React.RefObject<HTMLButtonElement | null> }) {
  return (
    <div className={`rounded-2xl border p-4 ${result.passed ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'}`} role="status" data-testid="quiz-score">
      <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Trophy className={`size-5 ${result.passed ? 'text-emerald-700' : 'text-amber-700'}`} aria-hidden />
        {m.score(result.score, result.correct, result.total)}
      </p>
      <p className="mt-1 text-sm text-slate-800">{result.passed ? m.passed : m.failed(pass)}</p>
      {result.first_pass && <p className="mt-1 text-sm font-semibold text-emerald-800">{m.firstPass}</p>}
      <button ref={retryRef} type="button" onClick={onRetry} className={`${buttonStyles.secondary} mt-3 min-h-12 w-full sm:w-auto`}>
        <RotateCcw className="size-4" aria-hidden />
        {m.retry}
      </button>
    </div>
  );
}

/**
 * 'Questionário' under the lesson's player: the lesson's questions, one per card; on sending, the score, which
 * answers were wrong and why, and 'Tentar novamente'. Nothing shows for a lesson without a quiz.
 */
export function LessonQuiz({ courseId, lessonId }: { courseId: string; lessonId: number }) {
  const queryClient = useQueryClient();
  const quiz = useQuery({ queryKey: quizKeys.lesson(courseId, lessonId), queryFn: () => fetchLessonQuiz(courseId, lessonId) });
  const [result, setResult] = useState<QuizResult | null>(null);
  const [round, setRound] = useState(0);
  const scoreRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const send = useMutation({
    mutationFn: (body: Parameters<typeof answerLessonQuiz>[2]) => answerLessonQuiz(courseId, lessonId, body),
    onSuccess: (r) => {
      setResult(r);
      void queryClient.invalidateQueries({ queryKey: quizKeys.lesson(courseId, lessonId) });
    },
  });
  useEffect(() => {
    if (result) scoreRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [result]);

  if (!quiz.data || quiz.data.questions.length === 0) return null;
  const { questions, pass_score: pass, best_score: best, passed } = quiz.data;
  const titleId = `lesson-quiz-${lessonId}`;

  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5" aria-labelledby={titleId} data-testid="lesson-quiz">
      <header>
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <ClipboardCheck className="size-5 text-sky-700" aria-hidden />
          {m.quizTitle}
          {passed && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{m.passedBadge}</span>}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{m.quizIntro(questions.length, pass)}</p>
        {best !== null && <p className="mt-0.5 text-sm text-slate-700">{m.bestScore(best)}</p>}
      </header>
      {result ? (
        <div ref={scoreRef} className="space-y-4">
          <ScoreBox
            result={result}
            pass={pass}
            retryRef={retryRef}
            onRetry={() => {
              setResult(null);
              setRound((r) => r + 1);
              send.reset();
            }}
          />
          <ResultCards questions={questions} results={result.results} />
        </div>
      ) : (
        <>
          <QuestionForm key={round} idPrefix={`lq${lessonId}-${round}`} questions={questions} submitLabel={m.submit} pending={send.isPending} onSubmit={(c) => send.mutate(toAnswers(questions, c))} />
          {send.isError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {send.error.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}

import type { AdminQuizQuestion, QuizQuestionBody } from '@clima/contract/quizzes';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { DeleteConfirmDialog } from '@clima/web-kit/delete-confirm-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, BarChart3, ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { addQuestion, deleteQuestion, fetchQuestions, fetchStats, type QuizPool, quizAdminKeys, reorderQuestions, updateQuestion } from './quiz-admin-api';
import { quizAdminMessages as m } from './quiz-admin-messages';
import { QuizQuestionDialog } from './quiz-question-dialog';

const iconButton = 'grid size-9 place-items-center rounded-lg text-slate-600 transition-colors disabled:pointer-events-none disabled:opacity-30';

/** Pass rate, average score and the questions most often missed. */
export function QuizStatsBox({ pool }: { pool: QuizPool }) {
  const stats = useQuery({ queryKey: quizAdminKeys.stats(pool), queryFn: () => fetchStats(pool) });
  const s = stats.data;
  if (!s) return null;
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="quiz-stats">
      <h4 className="flex items-center gap-1.5 text-sm font-bold text-slate-800">
        <BarChart3 className="size-4 text-sky-700" aria-hidden />
        {m.stats}
      </h4>
      {s.attempts === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{m.noAttempts}</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {[
              [m.attempts, String(s.attempts)],
              [m.users, String(s.users)],
              [m.passRate, `${s.pass_rate ?? 0}%`],
              [m.averageScore, `${String(s.average_score ?? 0).replace('.', ',')}%`],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-lg font-bold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {s.most_missed.length > 0 && (
            <>
              <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">{m.mostMissed}</p>
              <ol className="mt-1 space-y-1 text-sm">
                {s.most_missed.map((q) => (
                  <li key={q.question_id} className="flex justify-between gap-3 rounded-lg bg-white px-2.5 py-1.5 ring-1 ring-slate-200">
                    <span className="line-clamp-2 min-w-0 text-slate-800">{q.prompt}</span>
                    <span className="shrink-0 text-xs text-red-700">{m.missed(q.missed, q.answered, q.missed_rate)}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The questions of a lesson's quiz or of the assessment's pool: add, edit, reorder, delete. */
export function QuizEditor({ pool, title }: { pool: QuizPool; title: string }) {
  const queryClient = useQueryClient();
  const key = quizAdminKeys.questions(pool);
  const questions = useQuery({ queryKey: key, queryFn: () => fetchQuestions(pool) });
  const [target, setTarget] = useState<AdminQuizQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminQuizQuestion | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'quiz', pool.kind, pool.id] });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => reorderQuestions(pool, ids),
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
  const list = questions.data ?? [];

  const move = (index: number, delta: -1 | 1) => {
    const ids = list.map((q) => q.id);
    const [item] = ids.splice(index, 1);
    ids.splice(index + delta, 0, item!);
    reorder.mutate(ids);
  };
  const save = async (question: AdminQuizQuestion | null, body: QuizQuestionBody) => {
    if (question) await updateQuestion(question.id, body);
    else await addQuestion(pool, body);
    await refresh();
  };

  return (
    <div className="space-y-3" data-testid={`quiz-editor-${pool.kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-bold text-slate-800">
          {title} ({list.length})
        </h4>
        <button type="button" onClick={() => setTarget('new')} className={buttonStyles.secondary}>
          <Plus className="size-4" aria-hidden />
          {m.addQuestion}
        </button>
      </div>
      {reorder.isError && <Alert tone="error">{reorder.error.message}</Alert>}
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">{m.empty}</p>
      ) : (
        <ol className="space-y-2">
          {list.map((q, index) => (
            <li key={q.id} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3" data-testid="quiz-question-row">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-sky-700 text-xs font-bold text-white">{index + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{q.prompt}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
                  <span>{q.kind === 'single' ? m.single : m.multiple}</span>
                  <span>{m.correctCount(q.options.filter((o) => o.correct).length, q.options.length)}</span>
                  {q.image_url && <ImageIcon className="size-3.5" aria-label={m.image} />}
                </p>
              </div>
              <div className="grid shrink-0 grid-cols-2 gap-0.5 sm:flex">
                <button type="button" onClick={() => move(index, -1)} disabled={index === 0 || reorder.isPending} aria-label={m.moveUp(index + 1)} title={m.moveUp(index + 1)} className={`${iconButton} hover:bg-slate-100`}>
                  <ArrowUp className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => move(index, 1)}
                  disabled={index === list.length - 1 || reorder.isPending}
                  aria-label={m.moveDown(index + 1)}
                  title={m.moveDown(index + 1)}
                  className={`${iconButton} hover:bg-slate-100`}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </button>
                <button type="button" onClick={() => setTarget(q)} aria-label={m.editLabel(index + 1)} title={messages.common.edit} className={`${iconButton} hover:bg-sky-50 hover:text-sky-700`}>
                  <Pencil className="size-4" aria-hidden />
                </button>
                <button type="button" onClick={() => setDeleting(q)} aria-label={m.deleteLabel(index + 1)} title={messages.common.delete} className={`${iconButton} hover:bg-red-50 hover:text-red-700`}>
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <QuizStatsBox pool={pool} />
      <QuizQuestionDialog target={target} onClose={() => setTarget(null)} onSave={save} />
      <DeleteConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={m.deleteTitle}
        description={deleting ? m.deleteWarning(deleting.prompt) : undefined}
        onConfirm={async () => {
          if (deleting) await deleteQuestion(deleting.id);
          setDeleting(null);
          await refresh();
        }}
      />
    </div>
  );
}

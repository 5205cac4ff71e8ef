import type { AdminLessonQuestion, LessonReply } from '@clima/contract/lesson-questions';
import { LESSON_QUESTION_LIMITS } from '@clima/contract/lesson-questions';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { DeleteConfirmDialog } from '@clima/web-kit/delete-confirm-dialog';
import { EmptyState } from '@clima/web-kit/empty-state';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CheckCircle2, Eye, EyeOff, GraduationCap, MessageCircleQuestion, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PageHeader } from '../../shared/ui/page-header';
import { fetchAdminQuestions, hideQuestion, hideReply, instructorReply, markAnswer, removeQuestion, removeReply } from './lesson-questions-admin-api';
import { adminQuestionMessages as m } from './lesson-questions-admin-messages';

export const ADMIN_QUESTIONS_KEY = ['admin', 'lesson-questions'] as const;
const when = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : m.genericError);
const small = 'min-h-11 px-3 py-2';

/** The count of unanswered questions (the dashboard card and the page share it). */
export const useUnansweredQuestions = (status: 'unanswered' | 'all' = 'unanswered') =>
  useQuery({ queryKey: [...ADMIN_QUESTIONS_KEY, status], queryFn: ({ signal }) => fetchAdminQuestions(status, signal) });

/**
 * /admin/duvidas: 'Dúvidas sem resposta', oldest first (or every question). Each can be answered inline as the
 * instructor, hidden from subscribers or deleted; replies can be hidden, deleted or marked as the answer. Every
 * change is recorded by the server in the audit log. Texts are rendered as text, never as HTML.
 */
export function UnansweredQuestionsPage() {
  const [status, setStatus] = useState<'unanswered' | 'all'>('unanswered');
  const questions = useUnansweredQuestions(status);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUESTIONS_KEY });
  const list = questions.data?.questions ?? [];

  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <fieldset className="flex gap-1 rounded-xl bg-slate-100 p-1">
            <legend className="sr-only">{m.filterLabel}</legend>
            {(['unanswered', 'all'] as const).map((s) => (
              <label key={s} className={`inline-flex min-h-11 cursor-pointer items-center whitespace-nowrap rounded-lg px-4 text-sm font-semibold focus-within:outline-2 focus-within:outline-sky-600 ${status === s ? 'bg-white text-sky-800 shadow-sm' : 'text-slate-700'}`}>
                <input type="radio" name="question-status" value={s} checked={status === s} onChange={() => setStatus(s)} className="sr-only" />
                {s === 'unanswered' ? m.unanswered : m.all}
              </label>
            ))}
          </fieldset>
        }
      />
      {questions.data && (
        <p className="mb-4 text-sm font-semibold text-slate-700" data-testid="unanswered-count">
          {m.count(questions.data.unanswered)}
        </p>
      )}
      {questions.isPending ? (
        <PageSpinner label={m.title} />
      ) : questions.isError ? (
        <Alert tone="error">{m.loadFailed}</Alert>
      ) : list.length === 0 ? (
        <EmptyState icon={MessageCircleQuestion} title={status === 'unanswered' ? m.empty : m.emptyAll} />
      ) : (
        <ul className="space-y-4" data-testid="admin-question-list">
          {list.map((q) => (
            <li key={q.id}>
              <QuestionCard question={q} onChange={refresh} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function QuestionCard({ question: q, onChange }: { question: AdminLessonQuestion; onChange: () => Promise<unknown> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setError('');
    setBusy(true);
    try {
      await work();
      await onChange();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length < LESSON_QUESTION_LIMITS.minChars) return setError(m.tooShort);
    void run(async () => {
      await instructorReply(q.id, text);
      setText('');
    });
  };

  return (
    <article aria-labelledby={`${id}-where`} className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${q.hidden ? 'border-amber-300' : 'border-slate-200'}`} data-testid="admin-question">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-where`} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {m.where(q.course_title, q.lesson_title)}
          </h2>
          <p className="text-sm text-slate-600">
            {q.author_name} · <time dateTime={q.created_at}>{when.format(new Date(q.created_at))}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {q.hidden && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{m.hidden}</span>}
          {q.answered && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
              <CheckCircle2 className="size-3.5" aria-hidden />
              {m.answered}
            </span>
          )}
        </div>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-slate-800" data-testid="admin-question-body">
        {q.body}
      </p>
      {q.photo_url && (
        <a href={q.photo_url} target="_blank" rel="noreferrer" className="mt-3 block w-fit rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600">
          <img src={q.photo_url} alt={m.photoAlt} loading="lazy" className="max-h-60 min-h-24 min-w-24 max-w-full rounded-xl border border-slate-200 bg-slate-50 object-contain" />
        </a>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={`${buttonStyles.secondary} ${small}`} disabled={busy} onClick={() => void run(() => hideQuestion(q.id, !q.hidden))}>
          {q.hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
          {q.hidden ? m.show : m.hide}
        </button>
        <button type="button" className={`${buttonStyles.secondary} ${small} text-red-700`} disabled={busy} onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden />
          {m.remove}
        </button>
      </div>

      <section aria-label={m.replies(q.replies.length)} className="mt-4 border-t border-slate-100 pt-3">
        <h3 className="text-sm font-semibold text-slate-700">{m.replies(q.replies.length)}</h3>
        {q.replies.length > 0 && (
          <ol className="mt-2 space-y-2">
            {q.replies.map((r) => (
              <li key={r.id}>
                <ReplyRow reply={r} busy={busy} run={run} questionId={q.id} />
              </li>
            ))}
          </ol>
        )}
        <form onSubmit={submit} className="mt-3 space-y-2" noValidate>
          <label htmlFor={`${id}-reply`} className={labelStyles}>
            {m.replyLabel}
          </label>
          <textarea id={`${id}-reply`} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={LESSON_QUESTION_LIMITS.maxChars} className={inputStyles} />
          {error && <Alert tone="error">{error}</Alert>}
          <button type="submit" className={`${buttonStyles.primary} min-h-11`} disabled={busy}>
            <GraduationCap className="size-4" aria-hidden />
            {busy ? m.sending : m.sendReply}
          </button>
        </form>
      </section>
      <DeleteConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={m.deleteQuestionTitle}
        description={m.deleteQuestionText}
        onConfirm={async () => {
          await removeQuestion(q.id);
          setDeleting(false);
          await onChange();
        }}
      />
    </article>
  );
}

function ReplyRow({ reply: r, questionId, busy, run }: { reply: LessonReply; questionId: number; busy: boolean; run: (work: () => Promise<unknown>) => Promise<void> }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <div className={`rounded-xl p-3 ${r.hidden ? 'bg-amber-50 ring-1 ring-amber-200' : r.is_accepted ? 'bg-emerald-50 ring-1 ring-emerald-200' : 'bg-slate-50'}`} data-testid="admin-reply">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">{r.author_name}</span>
        {r.is_instructor && (
          <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
            <GraduationCap className="size-3.5" aria-hidden />
            {m.instructor}
          </span>
        )}
        {r.is_accepted && (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-800">
            <BadgeCheck className="size-3.5" aria-hidden />
            {m.accepted}
          </span>
        )}
        {r.hidden && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{m.hidden}</span>}
        <time dateTime={r.created_at} className="text-xs text-slate-600">
          {when.format(new Date(r.created_at))}
        </time>
      </p>
      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{r.body}</p>
      <div className="mt-2 flex flex-wrap gap-1">
        <button type="button" className={`${buttonStyles.ghost} ${small}`} disabled={busy} onClick={() => void run(() => markAnswer(questionId, r.is_accepted ? null : r.id))}>
          <BadgeCheck className="size-4" aria-hidden />
          {r.is_accepted ? m.unmarkAnswer : m.markAnswer}
        </button>
        <button type="button" className={`${buttonStyles.ghost} ${small}`} disabled={busy} onClick={() => void run(() => hideReply(r.id, !r.hidden))}>
          {r.hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
          {r.hidden ? m.show : m.hide}
        </button>
        <button type="button" className={`${buttonStyles.ghost} ${small} text-red-700`} disabled={busy} onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden />
          {m.remove}
        </button>
      </div>
      <DeleteConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={m.deleteReplyTitle}
        description={m.deleteReplyText}
        onConfirm={async () => {
          await run(() => removeReply(r.id));
          setDeleting(false);
        }}
      />
    </div>
  );
}

import type { LessonQuestion, LessonReply } from '@clima/contract/lesson-questions';
import { LESSON_QUESTION_LIMITS } from '@clima/contract/lesson-questions';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CheckCircle2, GraduationCap, ImagePlus, MessageCircleQuestion, Pencil, Reply, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  acceptReply,
  askQuestion,
  deleteQuestion,
  deleteReply,
  editQuestion,
  editReply,
  fetchQuestions,
  sendReply,
  uploadQuestionPhoto,
} from './lesson-questions-api';
import { questionMessages as m } from './lesson-questions-messages';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const when = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const clock = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : m.genericError);
/** Still inside the author's edit window (the server decides; this only hides buttons that would be refused). */
const stillEditable = (until: string | null) => !!until && Date.now() < Date.parse(until);
const smallButton = 'min-h-11 px-3 py-2';

/** The photo a technician picked, checked before sending (the server checks the bytes again). */
function checkPhoto(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return m.photoWrongType;
  if (file.size > LESSON_QUESTION_LIMITS.photoMaxBytes) return m.photoTooLarge;
  return null;
}

/**
 * 'Dúvidas' under the lesson: the questions of the lesson with their replies (the accepted answer first, the
 * instructors' marked 'Resposta do instrutor'), a form to ask with an optional photo, replies, and the author's
 * edit and delete for the first minutes. Every text is rendered as a text node, never as HTML.
 */
export function LessonQuestions({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const queryKey = ['lesson-questions', courseId, lessonId];
  const queryClient = useQueryClient();
  const questions = useQuery({ queryKey, queryFn: ({ signal }) => fetchQuestions(courseId, lessonId, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const list = questions.data ?? [];

  return (
    <section id="duvidas" aria-labelledby="duvidas-title" className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="lesson-questions">
      <h2 id="duvidas-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <MessageCircleQuestion className="size-5 text-sky-700" aria-hidden />
        {m.title}
        {list.length > 0 && <span className="text-sm font-medium text-slate-600">({m.count(list.length)})</span>}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.intro}</p>
      <AskForm courseId={courseId} lessonId={lessonId} onDone={refresh} />
      <div className="mt-6">
        {questions.isPending ? (
          <Spinner label={m.title} />
        ) : questions.isError ? (
          <Alert tone="error">{m.loadFailed}</Alert>
        ) : list.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">{m.none}</p>
        ) : (
          <ul className="space-y-4" data-testid="question-list">
            {list.map((q) => (
              <li key={q.id}>
                <QuestionItem question={q} onChange={refresh} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function AskForm({ courseId, lessonId, onDone }: { courseId: number; lessonId: number; onDone: () => Promise<unknown> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const ask = useMutation({
    mutationFn: async () => {
      const q = await askQuestion(courseId, lessonId, text);
      if (photo) {
        try {
          await uploadQuestionPhoto(q.id, photo);
        } catch (err) {
          throw new Error(`${m.photoFailed}${errorText(err)}`, { cause: err });
        }
      }
      return q;
    },
    onSuccess: () => {
      setText('');
      clearPhoto();
      setNotice(m.sent);
    },
    onError: (err) => setError(errorText(err)),
    onSettled: () => onDone(),
  });

  function clearPhoto() {
    setPhoto(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setNotice('');
    if (text.trim().length < LESSON_QUESTION_LIMITS.minChars) return setError(m.tooShort);
    ask.mutate();
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" data-testid="ask-form" noValidate>
      <div>
        <label htmlFor={`${id}-text`} className={labelStyles}>
          {m.askLabel}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={LESSON_QUESTION_LIMITS.maxChars}
          placeholder={m.askPlaceholder}
          className={inputStyles}
          required
        />
      </div>
      <div>
        <p id={`${id}-photo-title`} className={labelStyles}>
          {m.photoLabel}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label className={`${buttonStyles.secondary} min-h-11 cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600`}>
            <ImagePlus className="size-4" aria-hidden />
            <span id={`${id}-photo-button`}>{photo ? m.changePhoto : m.choosePhoto}</span>
            <input
              ref={fileRef}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              aria-labelledby={`${id}-photo-title ${id}-photo-button`}
              aria-describedby={`${id}-photo-hint`}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                const problem = file ? checkPhoto(file) : null;
                setError(problem ?? '');
                if (problem) clearPhoto();
                else setPhoto(file);
              }}
              className="sr-only"
            />
          </label>
          {photo && (
            <>
              <span className="min-w-0 max-w-full truncate text-sm text-slate-700" data-testid="chosen-photo">
                {photo.name}
              </span>
              <button type="button" onClick={clearPhoto} className={`${buttonStyles.ghost} ${smallButton}`}>
                <X className="size-4" aria-hidden />
                {m.removePhoto}
              </button>
            </>
          )}
        </div>
        <p id={`${id}-photo-hint`} className="mt-1 text-xs text-slate-600">
          {m.photoHint}
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      <button type="submit" className={`${buttonStyles.primary} min-h-11 w-full sm:w-auto`} disabled={ask.isPending}>
        {ask.isPending ? m.sending : m.send}
      </button>
    </form>
  );
}

function Byline({ name, at, edited, instructor }: { name: string; at: string; edited: string | null; instructor?: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-semibold text-slate-900">{name}</span>
      {instructor && (
        <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800" data-testid="instructor-badge">
          <GraduationCap className="size-3.5" aria-hidden />
          {m.instructor}
        </span>
      )}
      <span className="text-xs text-slate-600">
        <time dateTime={at}>{when.format(new Date(at))}</time>
        {edited && ` · ${m.edited}`}
      </span>
    </p>
  );
}

/** Edit and delete of the caller's own message while the window lasts. */
function OwnActions({ until, onEdit, onDelete, busy }: { until: string | null; onEdit: () => void; onDelete: () => void; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  if (!stillEditable(until)) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <span className="text-sm text-slate-700">{m.confirmRemove}</span>
          <button type="button" className={`${buttonStyles.danger} ${smallButton}`} onClick={onDelete} disabled={busy}>
            <Trash2 className="size-4" aria-hidden />
            {m.remove}
          </button>
          <button type="button" className={`${buttonStyles.secondary} ${smallButton}`} onClick={() => setConfirming(false)}>
            {m.cancel}
          </button>
        </>
      ) : (
        <>
          <button type="button" className={`${buttonStyles.ghost} ${smallButton}`} onClick={onEdit}>
            <Pencil className="size-4" aria-hidden />
            {m.edit}
          </button>
          <button type="button" className={`${buttonStyles.ghost} ${smallButton}`} onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden />
            {m.remove}
          </button>
          <span className="text-xs text-slate-600">{m.editableUntil(clock.format(new Date(until!)))}</span>
        </>
      )}
    </div>
  );
}

/** A text box with Save / Cancel, for editing and for replying. */
function TextEditor({ label, initial, submitLabel, onSubmit, onCancel }: { label: string; initial: string; submitLabel: string; onSubmit: (text: string) => Promise<unknown>; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim().length < LESSON_QUESTION_LIMITS.minChars) return setError(m.tooShort);
    setBusy(true);
    setError('');
    try {
      await onSubmit(text);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="mt-2 space-y-2" noValidate>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={LESSON_QUESTION_LIMITS.maxChars} className={inputStyles} autoFocus />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${buttonStyles.primary} min-h-11`} disabled={busy}>
          {busy ? m.sending : submitLabel}
        </button>
        <button type="button" className={`${buttonStyles.secondary} min-h-11`} onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}

function QuestionItem({ question: q, onChange }: { question: LessonQuestion; onChange: () => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [error, setError] = useState('');
  const remove = useMutation({ mutationFn: () => deleteQuestion(q.id), onSuccess: () => onChange(), onError: (err) => setError(errorText(err)) });
  const titleId = `question-${q.id}`;

  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 p-4" data-testid="question">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div id={titleId}>
          <Byline name={q.author_name} at={q.created_at} edited={q.edited_at} />
        </div>
        {q.answered && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {m.answered}
          </span>
        )}
      </div>
      {editing ? (
        <TextEditor
          label={m.askLabel}
          initial={q.body}
          submitLabel={m.save}
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            await editQuestion(q.id, text);
            setEditing(false);
            await onChange();
          }}
        />
      ) : (
        <p className="mt-2 whitespace-pre-line break-words text-slate-800" data-testid="question-body">
          {q.body}
        </p>
      )}
      {q.photo_url && (
        <a href={q.photo_url} target="_blank" rel="noreferrer" className="mt-3 block w-fit rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600">
          <img src={q.photo_url} alt={m.photoAlt} loading="lazy" className="max-h-72 min-h-24 min-w-24 max-w-full rounded-xl border border-slate-200 bg-slate-50 object-contain" />
        </a>
      )}
      {q.is_mine && !editing && <OwnActions until={q.editable_until} onEdit={() => setEditing(true)} onDelete={() => remove.mutate()} busy={remove.isPending} />}
      {error && (
        <div className="mt-2">
          <Alert tone="error">{error}</Alert>
        </div>
      )}

      <div className="mt-4 border-t border-slate-100 pt-3">
        <h3 className="text-sm font-semibold text-slate-700">{m.replies(q.replies.length)}</h3>
        {q.replies.length > 0 && (
          <ol className="mt-2 space-y-3" data-testid="reply-list">
            {q.replies.map((r) => (
              <li key={r.id}>
                <ReplyItem reply={r} question={q} onChange={onChange} />
              </li>
            ))}
          </ol>
        )}
        {replying ? (
          <TextEditor
            label={m.replyLabel}
            initial=""
            submitLabel={m.sendReply}
            onCancel={() => setReplying(false)}
            onSubmit={async (text) => {
              await sendReply(q.id, text);
              setReplying(false);
              await onChange();
            }}
          />
        ) : (
          <button type="button" className={`${buttonStyles.secondary} ${smallButton} mt-3`} onClick={() => setReplying(true)}>
            <Reply className="size-4" aria-hidden />
            {m.reply}
          </button>
        )}
      </div>
    </article>
  );
}

function ReplyItem({ reply: r, question: q, onChange }: { reply: LessonReply; question: LessonQuestion; onChange: () => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const fail = (err: unknown) => setError(errorText(err));
  const remove = useMutation({ mutationFn: () => deleteReply(r.id), onSuccess: () => onChange(), onError: fail });
  const accept = useMutation({ mutationFn: () => acceptReply(q.id, r.is_accepted ? null : r.id), onSuccess: () => onChange(), onError: fail });

  return (
    <div
      className={`rounded-xl p-3 ${r.is_accepted ? 'bg-emerald-50 ring-1 ring-emerald-200' : r.is_instructor ? 'bg-sky-50' : 'bg-slate-50'}`}
      data-testid="reply"
      data-accepted={r.is_accepted ? 'true' : undefined}
    >
      {r.is_accepted && (
        <p className="mb-1 inline-flex items-center gap-1 text-xs font-semibold text-emerald-800">
          <BadgeCheck className="size-4" aria-hidden />
          {m.accepted}
        </p>
      )}
      <Byline name={r.author_name} at={r.created_at} edited={r.edited_at} instructor={r.is_instructor} />
      {editing ? (
        <TextEditor
          label={m.replyLabel}
          initial={r.body}
          submitLabel={m.save}
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            await editReply(r.id, text);
            setEditing(false);
            await onChange();
          }}
        />
      ) : (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800" data-testid="reply-body">
          {r.body}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {q.can_accept && !editing && (
          <button type="button" className={`${buttonStyles.ghost} ${smallButton} mt-2`} onClick={() => accept.mutate()} disabled={accept.isPending}>
            <BadgeCheck className="size-4" aria-hidden />
            {r.is_accepted ? m.unaccept : m.accept}
          </button>
        )}
      </div>
      {r.is_mine && !editing && <OwnActions until={r.editable_until} onEdit={() => setEditing(true)} onDelete={() => remove.mutate()} busy={remove.isPending} />}
      {error && (
        <div className="mt-2">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </div>
  );
}

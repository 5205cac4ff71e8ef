import { type AdminQuizQuestion, QUIZ_LIMITS, QuizQuestionBody } from '@clima/contract/quizzes';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { ImageIcon, Plus, Upload, X } from 'lucide-react';
import { uploadFile } from '@clima/web-kit/upload-client';
import { useId, useState } from 'react';
import { DialogForm, FormDialog, useSaveError } from '../../shared/ui/form-dialog';
import { quizAdminMessages as m } from './quiz-admin-messages';

interface Draft {
  kind: 'single' | 'multiple';
  prompt: string;
  image_url: string | null;
  explanation: string;
  options: { text: string; correct: boolean }[];
}

const draftOf = (q: AdminQuizQuestion | null): Draft =>
  q
    ? { kind: q.kind, prompt: q.prompt, image_url: q.image_url, explanation: q.explanation ?? '', options: q.options.map((o) => ({ text: o.text, correct: o.correct })) }
    : {
        kind: 'single',
        prompt: '',
        image_url: null,
        explanation: '',
        options: [
          { text: '', correct: true },
          { text: '', correct: false },
          { text: '', correct: false },
          { text: '', correct: false },
        ],
      };

/** The form of one question: kind, prompt, 2–6 options with their correct marks, explanation. */
function QuestionForm({ question, onCancel, onSave }: { question: AdminQuizQuestion | null; onCancel: () => void; onSave: (body: QuizQuestionBody) => Promise<void> }) {
  const [d, setD] = useState<Draft>(() => draftOf(question));
  const { error, setError, attempt } = useSaveError(m.failed);
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const id = useId();
  const upload = async (file: File) => {
    setUploading(true);
    setError(null);
    try {
      const answer = await uploadFile({ url: '/api/admin/quiz-images', field: 'file', file });
      const body = answer.body as { url?: string; error?: string } | undefined;
      if (answer.status === 201 && body?.url) setD((x) => ({ ...x, image_url: body.url! }));
      else setError(body?.error ?? m.failed);
    } catch {
      setError(m.failed);
    } finally {
      setUploading(false);
    }
  };
  const setOption = (i: number, patch: Partial<Draft['options'][number]>) =>
    setD((x) => ({
      ...x,
      options: x.options.map((o, k) => {
        if (k === i) return { ...o, ...patch };
        // a single-choice question keeps one correct option
        return patch.correct && x.kind === 'single' ? { ...o, correct: false } : o;
      }),
    }));

  return (
    <DialogForm
      pending={pending}
      busy={uploading}
      submitLabel={m.save}
      error={error}
      onCancel={onCancel}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = QuizQuestionBody.safeParse({ ...d, explanation: d.explanation || null });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? m.failed);
          return;
        }
        setPending(true);
        void attempt(() => onSave(parsed.data)).finally(() => setPending(false));
      }}
    >
      <div>
        <label htmlFor={`${id}-kind`} className={labelStyles}>
          {m.kind}
        </label>
        <select
          id={`${id}-kind`}
          className={inputStyles}
          value={d.kind}
          onChange={(e) => {
            const kind = e.target.value as Draft['kind'];
            setD((x) => {
              if (kind === 'multiple') return { ...x, kind };
              const first = Math.max(0, x.options.findIndex((o) => o.correct));
              return { ...x, kind, options: x.options.map((o, k) => ({ ...o, correct: k === first })) };
            });
          }}
        >
          <option value="single">{m.single}</option>
          <option value="multiple">{m.multiple}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-prompt`} className={labelStyles}>
          {m.prompt}
        </label>
        <textarea id={`${id}-prompt`} rows={3} className={inputStyles} value={d.prompt} maxLength={QUIZ_LIMITS.maxPrompt} onChange={(e) => setD((x) => ({ ...x, prompt: e.target.value }))} />
      </div>
      <div>
        <p className={labelStyles}>{m.image}</p>
        {d.image_url ? (
          <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="question-image">
            <ImageIcon className="size-4 text-sky-700" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-mono text-xs">{d.image_url.split('/').pop()}</span>
            <button type="button" onClick={() => setD((x) => ({ ...x, image_url: null }))} className={buttonStyles.ghost}>
              {m.removeImage}
            </button>
          </p>
        ) : (
          <label className={`${buttonStyles.secondary} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600`}>
            <Upload className="size-4" aria-hidden />
            {uploading ? m.uploading : m.chooseImage}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={uploading}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
        )}
      </div>
      <fieldset>
        <legend className={labelStyles}>{m.options}</legend>
        <ol className="space-y-2">
          {d.options.map((o, i) => (
            <li key={i} className="flex items-center gap-2">
              <input
                type={d.kind === 'single' ? 'radio' : 'checkbox'}
                name={`${id}-correct`}
                checked={o.correct}
                onChange={(e) => setOption(i, { correct: d.kind === 'single' ? true : e.target.checked })}
                aria-label={m.correct(i + 1)}
                className="size-5 shrink-0 accent-sky-700"
              />
              <input
                type="text"
                aria-label={m.option(i + 1)}
                className={inputStyles}
                value={o.text}
                maxLength={QUIZ_LIMITS.maxOption}
                onChange={(e) => setOption(i, { text: e.target.value })}
              />
              <button
                type="button"
                onClick={() => setD((x) => ({ ...x, options: x.options.filter((_, k) => k !== i) }))}
                disabled={d.options.length <= QUIZ_LIMITS.minOptions}
                aria-label={m.removeOption(i + 1)}
                className={`${buttonStyles.icon} shrink-0`}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ol>
        {d.options.length < QUIZ_LIMITS.maxOptions && (
          <button type="button" onClick={() => setD((x) => ({ ...x, options: [...x.options, { text: '', correct: false }] }))} className={`${buttonStyles.ghost} mt-2`}>
            <Plus className="size-4" aria-hidden />
            {m.addOption}
          </button>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-explanation`} className={labelStyles}>
          {m.explanation}
        </label>
        <textarea
          id={`${id}-explanation`}
          rows={3}
          className={inputStyles}
          value={d.explanation}
          maxLength={QUIZ_LIMITS.maxExplanation}
          onChange={(e) => setD((x) => ({ ...x, explanation: e.target.value }))}
        />
      </div>
    </DialogForm>
  );
}

/** Add ('new') or edit a question. */
export function QuizQuestionDialog({
  target,
  onClose,
  onSave,
}: {
  target: AdminQuizQuestion | 'new' | null;
  onClose: () => void;
  onSave: (question: AdminQuizQuestion | null, body: QuizQuestionBody) => Promise<void>;
}) {
  const question = target === 'new' ? null : target;
  return (
    <FormDialog open={target !== null} onClose={onClose} title={question ? m.editQuestion : m.newQuestion} pending={false} size="lg">
      {target !== null && (
        <QuestionForm
          key={question?.id ?? 'new'}
          question={question}
          onCancel={onClose}
          onSave={async (body) => {
            await onSave(question, body);
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

import type { AssessmentSettingsBody } from '@clima/contract/quizzes';
import type { CourseLesson } from '@clima/contract/courses';
import { AssessmentSettingsBody as Rules } from '@clima/contract/quizzes';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles, inputStyles, labelStyles } from '@clima/web-kit/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Award, ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchAssessment, quizAdminKeys, removeAssessment, saveAssessment } from './quiz-admin-api';
import { quizAdminMessages as m } from './quiz-admin-messages';
import { QuizEditor } from './quiz-editor';

type RulesDraft = Record<keyof AssessmentSettingsBody, string>;

/** The assessment's rules: questions drawn, passing score, attempts per day, time limit. */
function AssessmentRules({ courseId }: { courseId: number }) {
  const queryClient = useQueryClient();
  const id = useId();
  const assessment = useQuery({ queryKey: quizAdminKeys.assessment(courseId), queryFn: () => fetchAssessment(courseId) });
  const s = assessment.data?.settings;
  const [draft, setDraft] = useState<RulesDraft | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const current: RulesDraft = draft ?? {
    questions_per_attempt: String(s?.questions_per_attempt ?? 10),
    passing_score: String(s?.passing_score ?? 70),
    attempts_per_day: String(s?.attempts_per_day ?? 3),
    time_limit_minutes: s?.time_limit_minutes ? String(s.time_limit_minutes) : '',
  };
  const done = (text: string) => {
    setNotice({ tone: 'success', text });
    setDraft(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'quiz', 'course', courseId] });
  };
  const fail = (err: unknown) => setNotice({ tone: 'error', text: err instanceof ApiError ? err.message : m.failed });
  const save = useMutation({ mutationFn: (body: AssessmentSettingsBody) => saveAssessment(courseId, body), onSuccess: () => done(m.rulesSaved), onError: fail });
  const remove = useMutation({ mutationFn: () => removeAssessment(courseId), onSuccess: () => done(m.assessmentRemoved), onError: fail });
  const field = (key: keyof RulesDraft, label: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelStyles}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        className={inputStyles}
        value={current[key]}
        onChange={(e) => setDraft({ ...current, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = Rules.safeParse({
          questions_per_attempt: Number(current.questions_per_attempt),
          passing_score: Number(current.passing_score),
          attempts_per_day: Number(current.attempts_per_day),
          time_limit_minutes: current.time_limit_minutes.trim() ? Number(current.time_limit_minutes) : null,
        });
        if (!parsed.success) setNotice({ tone: 'error', text: parsed.error.issues[0]?.message ?? m.failed });
        else save.mutate(parsed.data);
      }}
    >
      <p className="text-sm text-slate-700">{s ? m.assessmentHint : m.noRules}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('questions_per_attempt', m.questionsPerAttempt)}
        {field('passing_score', m.passingScore)}
        {field('attempts_per_day', m.attemptsPerDay)}
        {field('time_limit_minutes', m.timeLimit)}
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {m.saveRules}
        </button>
        {s && (
          <button type="button" className={buttonStyles.secondary} onClick={() => remove.mutate()} disabled={remove.isPending}>
            {m.removeAssessment}
          </button>
        )}
      </div>
    </form>
  );
}

/** 'Questionários e avaliação final' in the course editor: each lesson's quiz, and the course's final assessment. */
export function CourseQuizzesSection({ courseId, lessons }: { courseId: number; lessons: CourseLesson[] }) {
  const id = useId();
  const [lessonId, setLessonId] = useState<number | null>(null);
  const chosen = lessons.find((l) => l.id === lessonId) ?? lessons[0];
  return (
    <section className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 xl:col-span-2" aria-labelledby={`${id}-title`} data-testid="course-quizzes">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ClipboardCheck className="size-5 text-sky-700" aria-hidden />
        {m.sectionTitle}
      </h2>
      <div className="space-y-3">
        <h3 className="text-base font-bold text-slate-900">{m.lessonQuizzes}</h3>
        {chosen ? (
          <>
            <div className="max-w-md">
              <label htmlFor={`${id}-lesson`} className={labelStyles}>
                {m.chooseLesson}
              </label>
              <select id={`${id}-lesson`} className={inputStyles} value={chosen.id} onChange={(e) => setLessonId(Number(e.target.value))}>
                {lessons.map((l, i) => (
                  <option key={l.id} value={l.id}>
                    {i + 1}. {l.title}
                  </option>
                ))}
              </select>
            </div>
            <QuizEditor key={chosen.id} pool={{ kind: 'lesson', id: chosen.id }} title={m.questions} />
          </>
        ) : (
          <p className="text-sm text-slate-600">{m.noLessons}</p>
        )}
      </div>
      <div className="space-y-3 border-t border-slate-100 pt-5">
        <h3 className="flex items-center gap-2 text-base font-bold text-slate-900">
          <Award className="size-4 text-sky-700" aria-hidden />
          {m.assessment}
        </h3>
        <AssessmentRules courseId={courseId} />
        <QuizEditor pool={{ kind: 'course', id: courseId }} title={m.pool} />
      </div>
    </section>
  );
}

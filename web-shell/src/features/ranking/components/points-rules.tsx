import { LEARNING_RULES, POINTS, STREAK_AWARDS } from '@clima/contract/ranking';
import { QUIZ_LIMITS } from '@clima/contract/quizzes';
import { Award, BookOpen, CalendarCheck, CircleCheckBig, Clock, FileText, Flame, GraduationCap, Info, type LucideIcon } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatNumber } from '../../../lib/format';

const m = messages.ranking;

/** The daily cap of study points when the server has not said it yet (RANKING_DAILY_ONLINE_POINTS_CAP's default). */
const DEFAULT_DAILY_CAP = 120;

/**
 * 'Como Funcionam os Pontos': the point rules (spec section 9 and the learning rules), numbers from the contract;
 * the daily cap of study points is the server's (own stats carry it).
 */
export function PointsRules({ dailyCap }: { dailyCap?: number }) {
  const cap = dailyCap || DEFAULT_DAILY_CAP;
  const rules: { key: string; icon: LucideIcon; points: number; title: string; hint: string }[] = [
    { key: 'daily', icon: CalendarCheck, points: POINTS.dailyLogin, title: m.rules.dailyLogin, hint: m.rules.dailyLoginHint },
    { key: 'minute', icon: Clock, points: POINTS.perMinute, title: m.rules.perMinute, hint: m.rules.perMinuteHint(cap) },
    { key: 'lesson', icon: BookOpen, points: POINTS.lessonCompleted, title: m.rules.lesson, hint: m.rules.lessonHint },
    { key: 'course', icon: GraduationCap, points: POINTS.courseCompleted, title: m.rules.course, hint: m.rules.courseHint },
    { key: 'quiz', icon: CircleCheckBig, points: POINTS.quizPassed, title: m.rules.quiz, hint: m.rules.quizHint(QUIZ_LIMITS.lessonPassScore, LEARNING_RULES.quizzesPerDay) },
    { key: 'assessment', icon: Award, points: POINTS.assessmentPassed, title: m.rules.assessment, hint: m.rules.assessmentHint },
    { key: 'manual', icon: FileText, points: POINTS.manualOpened, title: m.rules.manual, hint: m.rules.manualHint(LEARNING_RULES.manualsPerDay) },
    ...STREAK_AWARDS.map((a) => ({ key: a.badge, icon: Flame, points: a.points, title: m.rules.streak(a.days), hint: m.rules.streakHint })),
  ];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="ranking-rules">
      <h2 id="ranking-rules" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Info className="size-5 text-sky-600" aria-hidden />
        {m.howPoints}
      </h2>
      <ul className="mt-4 space-y-2" data-testid="point-rules">
        {rules.map(({ key, icon: Icon, points, title, hint }) => (
          <li key={key} className="flex items-center gap-3 rounded-xl bg-slate-50 p-2.5">
            <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-white text-sky-600 ring-1 ring-slate-200">
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-slate-800">{title}</p>
              <p className="text-xs text-slate-500">{hint}</p>
            </div>
            <span className="shrink-0 rounded-lg bg-sky-600 px-2.5 py-1 text-sm font-extrabold text-white">+{formatNumber(points)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">{m.howPointsNote}</p>
    </section>
  );
}

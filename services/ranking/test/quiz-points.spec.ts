import { LEARNING_RULES, POINTS } from '@clima/contract';
import { daysAgo, eventually, newUserId, RankingTestApp, startRankingTestApp, totals } from './support/ranking-test-app';

describe('points for lesson quizzes and final assessments (quiz.passed, assessment.passed)', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    t = await startRankingTestApp();
  });
  afterAll(() => t.close());

  const awards = (userId: string) =>
    t.ds.query(`SELECT kind, ref, points, to_char(day, 'YYYY-MM-DD') AS day FROM ranking.learning_awards WHERE user_id = $1 ORDER BY kind, ref::int`, [userId]) as Promise<
      { kind: string; ref: string; points: number; day: string }[]
    >;

  it('a lesson quiz earns once per lesson and at most quizzesPerDay a day; an assessment once per course', async () => {
    const user = newUserId('quiz');
    const day1 = daysAgo(3, '15:00:00');
    const day2 = daysAgo(2, '15:00:00');
    // 12 quizzes passed on one day (lesson 1 twice: the fact delivered again), 1 the next day
    for (const lessonId of [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) await t.bus.publish('quiz.passed', { userId: user, courseId: 9, lessonId, score: 80, at: day1.toISOString() });
    await t.bus.publish('quiz.passed', { userId: user, courseId: 9, lessonId: 13, score: 100, at: day2.toISOString() });
    // the assessment of course 9, twice, and of course 10
    await t.bus.publish('assessment.passed', { userId: user, courseId: 9, score: 90, at: day2.toISOString() });
    await t.bus.publish('assessment.passed', { userId: user, courseId: 9, score: 90, at: day2.toISOString() });
    await t.bus.publish('assessment.passed', { userId: user, courseId: 10, score: 70, at: day2.toISOString() });

    const rows = await eventually(async () => {
      const r = await awards(user);
      expect(r.filter((a) => a.kind === 'assessment')).toHaveLength(2);
      expect(r.filter((a) => a.kind === 'quiz')).toHaveLength(LEARNING_RULES.quizzesPerDay + 1);
      return r;
    });
    const quizzes = rows.filter((a) => a.kind === 'quiz');
    expect(quizzes.every((a) => a.points === POINTS.quizPassed)).toBe(true);
    // the day's cap: ten of the twelve lessons of the first day earn, each once; the next day earns again
    expect(quizzes.filter((a) => a.day === quizzes.find((q) => q.ref === '13')!.day)).toHaveLength(1);
    expect(new Set(quizzes.map((a) => a.ref)).size).toBe(LEARNING_RULES.quizzesPerDay + 1);
    expect(rows.filter((a) => a.kind === 'assessment').map((a) => [a.ref, a.points])).toEqual([
      ['9', POINTS.assessmentPassed],
      ['10', POINTS.assessmentPassed],
    ]);
    // learning facts do not make an active day: the points are exactly the awards
    await eventually(async () => expect((await totals(t.ds, user))!.points).toBe(11 * POINTS.quizPassed + 2 * POINTS.assessmentPassed));
  });
});

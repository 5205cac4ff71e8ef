import type { EventHandlers } from '@clima/common';
import type { ActivityService } from '../activity/activity.service';
import type { LeaderboardService } from '../leaderboard/leaderboard.service';

function instant(at: string, event: string): Date {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) throw new Error(`${event} with bad date: ${at}`);
  return when;
}

/** What the ranking does with the other services' facts; each is idempotent (at-least-once delivery). */
export function rankingEventHandlers(activity: ActivityService, board: LeaderboardService): EventHandlers {
  // synced even when nothing was added: a replay after a crash between commit and board update repairs the board
  const sync = (userId: string) => board.sync([userId]);
  return {
    'user.signed_in': async ({ userId, at }) => {
      await activity.applySignIn(userId, instant(at, 'user.signed_in'));
      await sync(userId);
    },
    'user.upserted': async ({ userId, email, name }, envelope) => {
      await activity.upsertProfile(userId, email, name, new Date(envelope.publishedAt));
      // the name on the boards
      await board.changed();
    },
    'user.deleted': async ({ userId }) => {
      await activity.deleteUser(userId);
      await board.remove(userId);
    },
    // learning points: a lesson completed for the first time, a whole course, a manual opened
    'lesson.completed': async ({ userId, lessonId, at }) => {
      await activity.applyLearning(userId, 'lesson', String(lessonId), instant(at, 'lesson.completed'));
      await sync(userId);
    },
    'course.completed': async ({ userId, courseId, at }) => {
      await activity.applyLearning(userId, 'course', String(courseId), instant(at, 'course.completed'));
      await sync(userId);
    },
    // a lesson quiz passed the first time (capped per day), a course's final assessment passed
    'quiz.passed': async ({ userId, lessonId, at }) => {
      await activity.applyLearning(userId, 'quiz', String(lessonId), instant(at, 'quiz.passed'));
      await sync(userId);
    },
    'assessment.passed': async ({ userId, courseId, at }) => {
      await activity.applyLearning(userId, 'assessment', String(courseId), instant(at, 'assessment.passed'));
      await sync(userId);
    },
    'manual.opened': async ({ userId, manualId, at }) => {
      await activity.applyLearning(userId, 'manual', String(manualId), instant(at, 'manual.opened'));
      await sync(userId);
    },
  };
}

import { EventHandlers, rootLogger } from '@clima/common';
import type { CertificatesService } from '../certificates/certificates.service';
import type { VideoDurationsRepository } from '../lessons/video-durations.repository';
import type { ProgressRepository } from '../progress/progress.repository';
import type { QuestionsService } from '../questions/questions.service';
import type { QuizzesRepository } from '../quizzes/quizzes.repository';

/** The facts this service hears (see EVENT_SUBSCRIBERS); each is idempotent. */
export function courseEventHandlers(
  progress: ProgressRepository,
  certificates: CertificatesService,
  questions: QuestionsService,
  quizzes: QuizzesRepository,
  durations: VideoDurationsRepository,
): EventHandlers {
  return {
    'user.deleted': async ({ userId }) => {
      const removed = await progress.removeUser(userId);
      rootLogger().info({ userId, removed }, 'lesson progress of a deleted user removed');
      const attempts = await quizzes.removeUser(userId);
      rootLogger().info({ userId, attempts }, 'quiz and assessment attempts of a deleted user removed');
      const anonymised = await certificates.removeUser(userId);
      rootLogger().info({ userId, anonymised }, 'certificates of a deleted user kept without personal data, as revoked');
      // 'Dúvidas': questions and replies stay as 'Usuário removido' (the threads stay readable), photos are deleted
      const messages = await questions.removeUser(userId);
      rootLogger().info({ userId, ...messages }, 'lesson questions and replies of a deleted user kept as Usuário removido');
    },
    // the certificate of a course the user completed (issued once, whatever the deliveries)
    'course.completed': async (fact, envelope) => {
      await certificates.issueOnCompletion(fact, envelope);
    },
    // a final assessment passed: the certificate, when the lessons are completed too (it waited for this)
    'assessment.passed': async ({ userId, courseId, at }, envelope) => {
      await certificates.issueOnCompletion({ userId, courseId, at }, envelope);
    },
    // the catalog read an upload's duration: kept, and given to the lessons that play the file and have none
    'video.uploaded': async ({ name, durationSeconds }) => {
      const filled = await durations.record(name, durationSeconds);
      if (filled.length) rootLogger().info({ name, durationSeconds, lessons: filled }, 'lessons given the duration of their uploaded video');
    },
    // the name certificates carry; a fact older than the one kept changes nothing
    'user.upserted': async (fact, envelope) => {
      await certificates.upsertProfile(fact, new Date(envelope.publishedAt));
    },
  };
}

import { Injectable } from '@nestjs/common';
import { isoOrNull, isoText } from '@clima/common';
import type { CoursesExport } from '@clima/contract';
import { CertificatesService } from '../certificates/certificates.service';
import { ProgressRepository } from '../progress/progress.repository';
import { QuestionsService } from '../questions/questions.service';
import { QuizzesRepository } from '../quizzes/quizzes.repository';

type QuizAttemptExport = CoursesExport['quiz_attempts'][number];
type AssessmentAttemptExport = CoursesExport['assessment_attempts'][number];

/**
 * What this service holds about one user, for the LGPD export: the lessons they completed, where they stopped in
 * each, their lesson quizzes and final assessment attempts (with the options they chose), their certificates, and
 * their questions and replies under the lessons.
 */
@Injectable()
export class UserExportService {
  constructor(
    private readonly progress: ProgressRepository,
    private readonly certificates: CertificatesService,
    private readonly questions: QuestionsService,
    private readonly quizzes: QuizzesRepository,
  ) {}

  async export(userId: string): Promise<CoursesExport> {
    const [progress, watched, certificates, questions, quizAttempts, assessmentAttempts] = await Promise.all([
      this.progress.ofUser(userId),
      this.progress.watchOfUser(userId),
      this.certificates.exportOf(userId),
      this.questions.exportOf(userId),
      this.quizzes.quizAttemptsOf(userId),
      this.quizzes.assessmentAttemptsOf(userId),
    ]);
    return {
      lesson_progress: progress.map((p) => ({ ...p, completed_at: isoText(p.completed_at) })),
      lesson_positions: watched.map(({ created_at, updated_at, ...w }) => ({ ...w, started_at: isoText(created_at), updated_at: isoText(updated_at) })),
      quiz_attempts: quizAttempts.map(({ created_at, ...a }) => ({ ...(a as Omit<QuizAttemptExport, 'submitted_at'>), submitted_at: isoText(created_at as Date) })),
      assessment_attempts: assessmentAttempts.map((a) => {
        const row = a as Omit<AssessmentAttemptExport, 'started_at' | 'deadline' | 'submitted_at'> & { started_at: Date; deadline: Date | null; submitted_at: Date | null };
        return { ...row, started_at: isoText(row.started_at), deadline: isoOrNull(row.deadline), submitted_at: isoOrNull(row.submitted_at) };
      }),
      ...certificates,
      ...questions,
    };
  }
}

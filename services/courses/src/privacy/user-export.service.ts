import { Injectable } from '@nestjs/common';
import { isoText } from '@clima/common';
import type { CoursesExport } from '@clima/contract';
import { CertificatesService } from '../certificates/certificates.service';
import { ProgressRepository } from '../progress/progress.repository';
import { QuestionsService } from '../questions/questions.service';

/** What this service holds about one user, for the LGPD export: the lessons they completed, where they stopped in each, their certificates, and their questions and replies under the lessons. */
@Injectable()
export class UserExportService {
  constructor(
    private readonly progress: ProgressRepository,
    private readonly certificates: CertificatesService,
    private readonly questions: QuestionsService,
  ) {}

  async export(userId: string): Promise<CoursesExport> {
    const [progress, watched, certificates, questions] = await Promise.all([
      this.progress.ofUser(userId),
      this.progress.watchOfUser(userId),
      this.certificates.exportOf(userId),
      this.questions.exportOf(userId),
    ]);
    return {
      lesson_progress: progress.map((p) => ({ ...p, completed_at: isoText(p.completed_at) })),
      lesson_positions: watched.map(({ created_at, updated_at, ...w }) => ({ ...w, started_at: isoText(created_at), updated_at: isoText(updated_at) })),
      ...certificates,
      ...questions,
    };
  }
}

import { Injectable } from '@nestjs/common';
import { isoText } from '@clima/common';
import type { CoursesExport } from '@clima/contract';
import { ProgressRepository } from '../progress/progress.repository';

/** What this service holds about one user, for the LGPD export: the lessons they completed. */
@Injectable()
export class UserExportService {
  constructor(private readonly progress: ProgressRepository) {}

  async export(userId: string): Promise<CoursesExport> {
    const progress = await this.progress.ofUser(userId);
    return { lesson_progress: progress.map((p) => ({ ...p, completed_at: isoText(p.completed_at) })) };
  }
}

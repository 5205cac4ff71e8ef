import { Injectable } from '@nestjs/common';
import { toNumber } from '@clima/common';
import type { CoursesStats } from '@clima/contract';
import { StatsRepository } from './stats.repository';

/** The figures of this service for the admin dashboard. */
@Injectable()
export class StatsService {
  constructor(private readonly figures: StatsRepository) {}

  async stats(): Promise<CoursesStats> {
    const r = await this.figures.counts();
    return {
      totalCourses: toNumber(r.totalCourses),
      totalCourseCategories: toNumber(r.totalCourseCategories),
      totalLessons: toNumber(r.totalLessons),
      completedLessons: toNumber(r.completedLessons),
    };
  }
}

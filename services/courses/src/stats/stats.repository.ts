import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryOne } from '@clima/common';
import type { CoursesStats } from '@clima/contract';
import { DataSource } from 'typeorm';

/** The service's counts, read for the admin dashboard (bigint text, as Postgres answers count()). */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async counts(): Promise<Record<keyof CoursesStats, string>> {
    const row = await queryOne<Record<keyof CoursesStats, string>>(
      this.ds,
      `SELECT (SELECT count(*) FROM courses.course) AS "totalCourses",
              (SELECT count(*) FROM courses.course_category) AS "totalCourseCategories",
              (SELECT count(*) FROM courses.lesson) AS "totalLessons",
              (SELECT count(*) FROM courses.lesson_progress) AS "completedLessons"`,
    );
    return row!;
  }
}

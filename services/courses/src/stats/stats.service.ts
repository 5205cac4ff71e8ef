import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CoursesStats } from '@clima/contract';
import { DataSource } from 'typeorm';
import { num, rows } from '../shared/db';

/** The figures of this service for the admin dashboard. */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async stats(): Promise<CoursesStats> {
    const found = await rows<Record<keyof CoursesStats, string>>(
      this.ds,
      `SELECT (SELECT count(*) FROM courses.course) AS "totalCourses",
              (SELECT count(*) FROM courses.course_category) AS "totalCourseCategories",
              (SELECT count(*) FROM courses.lesson) AS "totalLessons",
              (SELECT count(*) FROM courses.lesson_progress) AS "completedLessons"`,
    );
    const r = found[0]!;
    return {
      totalCourses: num(r.totalCourses),
      totalCourseCategories: num(r.totalCourseCategories),
      totalLessons: num(r.totalLessons),
      completedLessons: num(r.completedLessons),
    };
  }
}

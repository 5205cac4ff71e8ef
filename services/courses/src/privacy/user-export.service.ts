import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CoursesExport } from '@clima/contract';
import { DataSource } from 'typeorm';
import { iso, rows } from '../shared/db';

/** What this service holds about one user, for the LGPD export: the lessons they completed. */
@Injectable()
export class UserExportService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async export(userId: string): Promise<CoursesExport> {
    const progress = await rows<{ course_id: number; course_title: string; lesson_id: number; lesson_title: string; completed_at: Date }>(
      this.ds,
      `SELECT c.id AS course_id, c.title AS course_title, l.id AS lesson_id, l.title AS lesson_title, p.completed_at
         FROM courses.lesson_progress p
         JOIN courses.lesson l ON l.id = p.lesson_id
         JOIN courses.course c ON c.id = l.course_id
        WHERE p.user_id = $1
        ORDER BY p.completed_at, l.id`,
      [userId],
    );
    return { lesson_progress: progress.map((p) => ({ ...p, completed_at: iso(p.completed_at) })) };
  }
}

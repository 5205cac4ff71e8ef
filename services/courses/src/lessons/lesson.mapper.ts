import type { CourseLesson } from '@clima/contract';
import { isoText } from '@clima/common';

export interface LessonRow {
  id: number;
  course_id: number;
  title: string;
  description: string | null;
  youtube_video_id: string | null;
  video_file_url: string | null;
  duration_seconds: number;
  position: number;
  created_at: Date;
  updated_at: Date;
}

export const LESSON_COLUMNS = 'l.id, l.course_id, l.title, l.description, l.youtube_video_id, l.video_file_url, l.duration_seconds, l.position, l.created_at, l.updated_at';

export function mapLesson(r: LessonRow): CourseLesson {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    youtube_video_id: r.youtube_video_id,
    duration_seconds: r.duration_seconds,
    video_file_url: r.video_file_url,
    course_id: r.course_id,
    position: r.position,
    created_at: isoText(r.created_at),
    updated_at: isoText(r.updated_at),
  };
}

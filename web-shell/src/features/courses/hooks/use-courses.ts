import type { LessonProgress } from '@clima/contract/courses';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../app/query-keys';
import { sendOrQueue } from '../../../shared/playback/offline-watch-queue';
import type { WatchSender } from '../../../shared/playback/use-watch-reporting';
import {
  fetchCategoriesWithStats,
  fetchCategory,
  fetchCategoryCourses,
  fetchContinueCourses,
  fetchCourse,
  fetchCoursePreview,
  fetchLessons,
  fetchProgress,
  saveLessonPosition,
} from '../api/courses-api';

export function useCourseCategories(search: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.courseCategories(search),
    queryFn: ({ signal }) => fetchCategoriesWithStats(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useCourseCategory = (slug: string) =>
  useQuery({ queryKey: queryKeys.category(slug), queryFn: () => fetchCategory(slug), retry: false });

export const useCategoryCourses = (slug: string | undefined) =>
  useQuery({
    queryKey: queryKeys.categoryCourses(slug ?? ''),
    queryFn: () => fetchCategoryCourses(slug ?? ''),
    enabled: Boolean(slug),
    retry: false,
  });

export const useCourse = (id: string) => useQuery({ queryKey: queryKeys.course(id), queryFn: () => fetchCourse(id), retry: false });
export const useCourseLessons = (id: string) => useQuery({ queryKey: queryKeys.courseLessons(id), queryFn: () => fetchLessons(id) });
export const useCourseProgress = (id: string, enabled = true) =>
  useQuery({ queryKey: queryKeys.courseProgress(id), queryFn: () => fetchProgress(id), enabled });

/** The locked preview a visitor or non-subscriber sees beneath the gate. */
export const useCoursePreview = (id: string) => useQuery({ queryKey: queryKeys.coursePreview(id), queryFn: () => fetchCoursePreview(id), retry: false });

/** 'Continuar assistindo' on the course home: the lesson to resume in each course. */
export const useContinueCourses = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.continueCourses, queryFn: ({ signal }) => fetchContinueCourses(signal), enabled });

/**
 * Saves the player's reports on a lesson. The answer (position, watched share, completed) goes straight
 * into the course's progress, so the list and 'Progresso da Aula' follow at once.
 */
export function useSaveLessonPosition(courseId: string, lessonId: number, owner?: string): WatchSender {
  const queryClient = useQueryClient();
  return useCallback(
    async (report, keepalive) => {
      // without network the report waits for it (issue 28: a lesson watched from its offline copy)
      const saved = await sendOrQueue(owner, { kind: 'lesson', courseId, lessonId }, report, () => saveLessonPosition(courseId, lessonId, report, keepalive));
      if (saved === null) return true;
      queryClient.setQueryData<LessonProgress[]>(queryKeys.courseProgress(courseId), (old = []) => {
        const item: LessonProgress = { ...saved };
        return old.some((p) => p.lesson_id === lessonId) ? old.map((p) => (p.lesson_id === lessonId ? item : p)) : [...old, item];
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.continueCourses });
      return true;
    },
    [courseId, lessonId, owner, queryClient],
  );
}

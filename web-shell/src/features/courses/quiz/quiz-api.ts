import type { AssessmentAttempt, AssessmentResult, AssessmentStatus, LessonQuiz, QuizAnswersBody, QuizResult } from '@clima/contract/quizzes';
import { api } from '../../../lib/api';

export const quizKeys = {
  lesson: (courseId: string, lessonId: number) => ['lesson-quiz', courseId, lessonId] as const,
  assessment: (courseId: string) => ['course-assessment', courseId] as const,
};

export const fetchLessonQuiz = (courseId: string, lessonId: number): Promise<LessonQuiz> =>
  api.get('/api/courses/:id/lessons/:lessonId/quiz', { params: { id: courseId, lessonId } });

export const answerLessonQuiz = (courseId: string, lessonId: number, body: QuizAnswersBody): Promise<QuizResult> =>
  api.post('/api/courses/:id/lessons/:lessonId/quiz/attempts', { params: { id: courseId, lessonId }, body });

/** The course's assessment, or null when it has none. */
export const fetchAssessment = (courseId: string): Promise<AssessmentStatus | null> => api.get('/api/courses/:id/assessment', { params: { id: courseId } });

export const startAssessment = (courseId: string): Promise<AssessmentAttempt> => api.post('/api/courses/:id/assessment/attempts', { params: { id: courseId }, body: {} });

export const submitAssessment = (courseId: string, attemptId: number, body: QuizAnswersBody): Promise<AssessmentResult> =>
  api.post('/api/courses/:id/assessment/attempts/:attemptId/submit', { params: { id: courseId, attemptId }, body });

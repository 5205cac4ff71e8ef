import type { AdminAssessment, AdminQuizQuestion, AssessmentSettings, AssessmentSettingsBody, QuizQuestionBody, QuizStats } from '@clima/contract/quizzes';
import { api } from '../../lib/api';

/** A lesson's quiz or a course's assessment pool. */
export type QuizPool = { kind: 'lesson'; id: number } | { kind: 'course'; id: number };

export const quizAdminKeys = {
  questions: (pool: QuizPool) => ['admin', 'quiz', pool.kind, pool.id] as const,
  stats: (pool: QuizPool) => ['admin', 'quiz', pool.kind, pool.id, 'stats'] as const,
  assessment: (courseId: number) => ['admin', 'quiz', 'course', courseId, 'assessment'] as const,
};

export async function fetchQuestions(pool: QuizPool): Promise<AdminQuizQuestion[]> {
  if (pool.kind === 'lesson') return api.get('/api/admin/lessons/:id/quiz', { params: { id: pool.id } });
  return (await api.get('/api/admin/courses/:id/assessment', { params: { id: pool.id } })).questions;
}

export const fetchAssessment = (courseId: number): Promise<AdminAssessment> => api.get('/api/admin/courses/:id/assessment', { params: { id: courseId } });

export const addQuestion = (pool: QuizPool, body: QuizQuestionBody): Promise<AdminQuizQuestion> =>
  pool.kind === 'lesson'
    ? api.post('/api/admin/lessons/:id/quiz/questions', { params: { id: pool.id }, body })
    : api.post('/api/admin/courses/:id/assessment/questions', { params: { id: pool.id }, body });

export const updateQuestion = (id: number, body: QuizQuestionBody): Promise<AdminQuizQuestion> => api.put('/api/admin/quiz-questions/:id', { params: { id }, body });

export const deleteQuestion = (id: number) => api.delete('/api/admin/quiz-questions/:id', { params: { id } });

export const reorderQuestions = (pool: QuizPool, ids: number[]): Promise<AdminQuizQuestion[]> =>
  pool.kind === 'lesson'
    ? api.put('/api/admin/lessons/:id/quiz/order', { params: { id: pool.id }, body: { question_ids: ids } })
    : api.put('/api/admin/courses/:id/assessment/order', { params: { id: pool.id }, body: { question_ids: ids } });

export const fetchStats = (pool: QuizPool): Promise<QuizStats> =>
  pool.kind === 'lesson' ? api.get('/api/admin/lessons/:id/quiz/stats', { params: { id: pool.id } }) : api.get('/api/admin/courses/:id/assessment/stats', { params: { id: pool.id } });

export const saveAssessment = (courseId: number, body: AssessmentSettingsBody): Promise<AssessmentSettings> =>
  api.put('/api/admin/courses/:id/assessment', { params: { id: courseId }, body });

export const removeAssessment = (courseId: number) => api.delete('/api/admin/courses/:id/assessment', { params: { id: courseId } });

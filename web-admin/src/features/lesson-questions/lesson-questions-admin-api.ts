import type { AdminLessonQuestion, AdminLessonQuestionsAnswer, LessonReply } from '@clima/contract/lesson-questions';
import { api } from '../../lib/api';

export const fetchAdminQuestions = (status: 'unanswered' | 'all', signal?: AbortSignal): Promise<AdminLessonQuestionsAnswer> =>
  api.get('/api/admin/lesson-questions', { query: { status }, signal });

export const instructorReply = (id: number, body: string): Promise<LessonReply> => api.post('/api/admin/lesson-questions/:id/replies', { params: { id }, body: { body } });
export const markAnswer = (id: number, replyId: number | null): Promise<AdminLessonQuestion> =>
  api.post('/api/admin/lesson-questions/:id/accept', { params: { id }, body: { reply_id: replyId } });
export const hideQuestion = (id: number, hidden: boolean): Promise<AdminLessonQuestion> =>
  hidden ? api.post('/api/admin/lesson-questions/:id/hide', { params: { id }, body: {} }) : api.post('/api/admin/lesson-questions/:id/show', { params: { id }, body: {} });
export const removeQuestion = (id: number) => api.delete('/api/admin/lesson-questions/:id', { params: { id } });
export const hideReply = (id: number, hidden: boolean): Promise<AdminLessonQuestion> =>
  hidden ? api.post('/api/admin/lesson-question-replies/:id/hide', { params: { id }, body: {} }) : api.post('/api/admin/lesson-question-replies/:id/show', { params: { id }, body: {} });
export const removeReply = (id: number) => api.delete('/api/admin/lesson-question-replies/:id', { params: { id } });

import type { LessonQuestion, LessonReply } from '@clima/contract/lesson-questions';
import { api, ApiError, apiUrl, readError } from '../../lib/api';
import { questionMessages as m } from './lesson-questions-messages';

export const fetchQuestions = (courseId: number, lessonId: number, signal?: AbortSignal): Promise<LessonQuestion[]> =>
  api.get('/api/courses/:id/lessons/:lessonId/questions', { params: { id: courseId, lessonId }, signal });

export const askQuestion = (courseId: number, lessonId: number, body: string): Promise<LessonQuestion> =>
  api.post('/api/courses/:id/lessons/:lessonId/questions', { params: { id: courseId, lessonId }, body: { body } });

export const editQuestion = (id: number, body: string): Promise<LessonQuestion> => api.patch('/api/lesson-questions/:id', { params: { id }, body: { body } });
export const deleteQuestion = (id: number) => api.delete('/api/lesson-questions/:id', { params: { id } });

export const sendReply = (questionId: number, body: string): Promise<LessonReply> => api.post('/api/lesson-questions/:id/replies', { params: { id: questionId }, body: { body } });
export const editReply = (id: number, body: string): Promise<LessonReply> => api.patch('/api/lesson-question-replies/:id', { params: { id }, body: { body } });
export const deleteReply = (id: number) => api.delete('/api/lesson-question-replies/:id', { params: { id } });

export const acceptReply = (questionId: number, replyId: number | null): Promise<LessonQuestion> =>
  api.post('/api/lesson-questions/:id/accept', { params: { id: questionId }, body: { reply_id: replyId } });

/** Attaches the photo to the caller's question (multipart, field "photo"); the server checks its bytes. */
export async function uploadQuestionPhoto(questionId: number, file: File): Promise<void> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const res = await fetch(apiUrl('/api/lesson-questions/:id/photo', { id: questionId }), { method: 'PUT', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
  if (!res.ok) throw new ApiError(res.status, await readError(res, m.genericError));
}

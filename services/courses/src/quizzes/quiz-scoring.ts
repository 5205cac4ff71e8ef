import type { AdminQuizQuestion, QuizAnswersBody, QuizQuestionResult, QuizQuestionView } from '@clima/contract';
import { isoText } from '@clima/common';
import { coursesError, CoursesError } from '../courses.errors';
import type { QuestionRow, StoredAnswer } from './quizzes.repository';

/** A question as a subscriber receives it before answering: the options without their correct flags, no explanation. */
export function toQuestionView(q: QuestionRow): QuizQuestionView {
  return { id: q.id, kind: q.kind, prompt: q.prompt, image_url: q.image_url, options: q.options.map((o) => ({ id: o.id, text: o.text })) };
}

export function toAdminQuestion(q: QuestionRow): AdminQuizQuestion {
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    image_url: q.image_url,
    explanation: q.explanation,
    options: q.options,
    position: q.position,
    created_at: isoText(q.created_at),
    updated_at: isoText(q.updated_at),
  };
}

export interface Scored {
  score: number;
  correct: number;
  total: number;
  answers: StoredAnswer[];
  results: QuizQuestionResult[];
}

/**
 * Scores the answers against the questions (in the questions' order). A question is right when exactly its
 * correct options were chosen; an unanswered question is wrong. The answers may name only these questions,
 * each once, and only their options (one for a single-choice question): anything else is a 400.
 * With `expired`, nothing chosen counts (the answers came after the deadline).
 */
export function score(questions: QuestionRow[], body: QuizAnswersBody, expired = false): Scored {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const chosen = new Map<number, number[]>();
  for (const a of body.answers) {
    const q = byId.get(a.question_id);
    if (!q || chosen.has(a.question_id)) throw coursesError(CoursesError.AnswersMismatch);
    const ids = [...new Set(a.option_ids)].sort((x, y) => x - y);
    if (ids.some((id) => !q.options.some((o) => o.id === id))) throw coursesError(CoursesError.UnknownOption);
    if (q.kind === 'single' && ids.length > 1) throw coursesError(CoursesError.SingleChoice);
    chosen.set(a.question_id, ids);
  }
  const answers: StoredAnswer[] = [];
  const results: QuizQuestionResult[] = [];
  for (const q of questions) {
    const selected = expired ? [] : (chosen.get(q.id) ?? []);
    const right = q.options.filter((o) => o.correct).map((o) => o.id).sort((x, y) => x - y);
    const correct = !expired && selected.length === right.length && selected.every((id, i) => id === right[i]);
    answers.push({ question_id: q.id, option_ids: selected, correct });
    results.push({ question_id: q.id, correct, selected_option_ids: selected, correct_option_ids: right, explanation: q.explanation });
  }
  const correct = answers.filter((a) => a.correct).length;
  const total = questions.length;
  return { score: total ? Math.round((100 * correct) / total) : 0, correct, total, answers, results };
}

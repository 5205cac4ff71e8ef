import type { ServiceName } from '../config/config';
import type { MailContent } from '../mail/mail';

/**
 * Facts that must not be lost travel as BullMQ jobs, one queue per consuming service (at-least-once;
 * every consumer is idempotent). This table is the one place that says who hears what.
 */
export interface EventPayloads {
  /** A user was created or changed name/e-mail/subscription (kept by services that show names: the ranking's board, the courses' certificates). */
  'user.upserted': { userId: string; email: string; name: string | null; createdAt: string };
  /** A user signed in (e-mail, Google or a new session); `at` is ISO 8601. */
  'user.signed_in': { userId: string; at: string };
  /** A user was deleted: every service removes that user's data. */
  'user.deleted': { userId: string };
  /** The payment provider changed a subscription; auth updates the user's subscription fields. */
  'subscription.changed': {
    userId: string;
    status: 'active' | 'canceled' | 'expired' | 'inactive';
    plan: 'monthly' | 'annual' | null;
    expiresAt: string | null;
    /** When the provider produced the fact (ISO); older facts never overwrite newer ones. */
    occurredAt: string;
  };
  /**
   * A message for one user from a service that does not know the address (e.g. billing's 'Pagamento
   * pendente'): auth frames it for the account's current e-mail and name and queues it on `mail`; the
   * event id is the message's id, so a replay sends nothing twice. Written in the sender's outbox, in the
   * transaction that decided it.
   */
  'user.mail': { userId: string; mail: Omit<MailContent, 'greetingName'> };
  /**
   * A user completed a lesson for the first time (the courses service's watch rule: most of it watched);
   * `at` is ISO 8601. Published once per user and lesson, from the courses outbox.
   */
  'lesson.completed': { userId: string; courseId: number; lessonId: number; at: string };
  /** That completion made every lesson of the course completed by the user; `at` is ISO 8601. */
  'course.completed': { userId: string; courseId: number; at: string };
  /** A user passed a lesson's quiz for the first time (score in percent); published once per user and lesson, from the courses outbox. */
  'quiz.passed': { userId: string; courseId: number; lessonId: number; score: number; at: string };
  /** A user passed a course's final assessment for the first time (score in percent); once per user and course. */
  'assessment.passed': { userId: string; courseId: number; score: number; at: string };
  /** A user opened a manual (a download the manuals service recorded); `at` is ISO 8601. Published from the manuals outbox. */
  'manual.opened': { userId: string; manualId: number; at: string };
  /**
   * The duration of an uploaded video is known (read from the file by ffprobe at upload, or by the conversion when
   * the upload's probe failed): `name` is the upload's file name (`<32 hex>.mp4`, the end of `/api/files/videos/…`),
   * `durationSeconds` whole seconds (> 0). Published once per upload, from the catalog outbox.
   */
  'video.uploaded': { name: string; durationSeconds: number };
}
export type EventName = keyof EventPayloads;

export const EVENT_SUBSCRIBERS: { [E in EventName]: ServiceName[] } = {
  'user.upserted': ['ranking', 'courses'],
  'user.signed_in': ['ranking'],
  'user.deleted': ['catalog', 'courses', 'manuals', 'ranking', 'billing'],
  'subscription.changed': ['auth'],
  'user.mail': ['auth'],
  'lesson.completed': ['ranking'],
  'course.completed': ['ranking', 'courses'],
  'manual.opened': ['ranking'],
  'quiz.passed': ['ranking'],
  'assessment.passed': ['ranking', 'courses'],
  'video.uploaded': ['courses'],
};

export const eventQueueName = (service: ServiceName) => `events-${service}`;

export interface EventEnvelope<E extends EventName = EventName> {
  name: E;
  payload: EventPayloads[E];
  /** Idempotency id of this fact; consumers may use it to ignore a replay. */
  id: string;
  requestId?: string;
  publishedAt: string;
}

export type EventHandlers = { [E in EventName]?: (payload: EventPayloads[E], envelope: EventEnvelope<E>) => Promise<void> };

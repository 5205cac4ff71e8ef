import type { EventPayloads } from '@clima/common';

/** At most this much of the reply goes into the e-mail (the rest is on the lesson page). */
const EXCERPT_CHARS = 300;

/**
 * The e-mail the asker gets when someone else answers their question (never for their own replies). Plain
 * text paragraphs: the mail renderer escapes them, so a reply is never HTML there either.
 */
export function questionAnsweredMail(
  a: { lessonTitle: string; courseTitle: string; replierName: string; isInstructor: boolean; reply: string },
  lessonUrl: string,
): EventPayloads['user.mail']['mail'] {
  const excerpt = a.reply.length > EXCERPT_CHARS ? `${a.reply.slice(0, EXCERPT_CHARS).trimEnd()}…` : a.reply;
  const who = a.isInstructor ? `O instrutor (${a.replierName})` : a.replierName;
  return {
    title: 'Sua dúvida foi respondida',
    subject: `Nova resposta à sua dúvida: ${a.lessonTitle}`,
    paragraphs: [`${who} respondeu à sua dúvida na aula ${a.lessonTitle}, do curso ${a.courseTitle}:`, `“${excerpt}”`],
    action: { label: 'Ver a resposta', url: lessonUrl },
    notes: ['Você recebe este e-mail porque enviou uma dúvida nesta aula.'],
  };
}

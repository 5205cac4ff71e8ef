import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LessonQuestion, LessonReply } from '@clima/contract/lesson-questions';
import { createQueryClient } from '../../app/query-client';
import { LessonQuestions } from './lesson-questions';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const later = () => new Date(Date.now() + 10 * 60_000).toISOString();

function reply(over: Partial<LessonReply>): LessonReply {
  return {
    id: 1,
    question_id: 7,
    body: 'Resposta',
    author_name: 'Rafael Souza',
    is_instructor: false,
    is_accepted: false,
    is_mine: false,
    editable_until: null,
    created_at: '2026-11-20T12:00:00.000Z',
    edited_at: null,
    hidden: false,
    ...over,
  };
}

function question(over: Partial<LessonQuestion>): LessonQuestion {
  return {
    id: 7,
    course_id: 3,
    lesson_id: 9,
    body: 'Qual o vácuo ideal?',
    author_name: 'Joana Prado',
    is_mine: false,
    editable_until: null,
    photo_url: null,
    answered: false,
    accepted_reply_id: null,
    can_accept: false,
    created_at: '2026-11-20T11:00:00.000Z',
    edited_at: null,
    hidden: false,
    replies: [],
    ...over,
  };
}

let listed: LessonQuestion[];
let sent: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  listed = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET') return json(listed);
      sent.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      return json(question({ id: 99, body: 'nova', is_mine: true, editable_until: later() }), 201);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LessonQuestions courseId={3} lessonId={9} />
    </QueryClientProvider>,
  );

describe("'Dúvidas' under a lesson", () => {
  it('shows every message as the text typed, never as HTML', async () => {
    const html = '<img src=x onerror="alert(1)"><b>negrito</b>';
    listed = [question({ body: html, replies: [reply({ body: `<script>alert(2)</script>` })] })];
    const { container } = show();
    expect(await screen.findByText(html, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('<script>alert(2)</script>')).toBeTruthy();
    expect(container.querySelector('img, b, script')).toBeNull();
  });

  it("marks the instructor's reply and the accepted answer; the asker may mark one", async () => {
    listed = [
      question({
        answered: true,
        can_accept: true,
        is_mine: true,
        accepted_reply_id: 2,
        replies: [reply({ id: 2, is_accepted: true, body: 'A aceita' }), reply({ id: 3, is_instructor: true, author_name: 'Equipe Clima Pro', body: 'Do instrutor' })],
      }),
    ];
    show();
    const replies = await screen.findAllByTestId('reply', {}, { timeout: 5000 });
    expect(within(replies[0]!).getByText('Resposta aceita')).toBeTruthy();
    expect(within(replies[1]!).getByTestId('instructor-badge').textContent).toBe('Resposta do instrutor');
    expect(screen.getByText('Respondida')).toBeTruthy();
    fireEvent.click(within(replies[1]!).getByRole('button', { name: 'Marcar como resposta' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/lesson-questions/7/accept', body: { reply_id: 3 } }]));
  });

  it('offers edit and delete only on the own messages still inside the window', async () => {
    listed = [
      question({ id: 1, is_mine: true, editable_until: later(), body: 'Minha, recente' }),
      question({ id: 2, is_mine: true, editable_until: null, body: 'Minha, antiga' }),
      question({ id: 3, body: 'De outra pessoa' }),
    ];
    show();
    const items = await screen.findAllByTestId('question', {}, { timeout: 5000 });
    expect(within(items[0]!).queryByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(items[2]!).queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it('asks: sends the text and refuses a photo that is not an image before sending anything', async () => {
    show();
    await screen.findByText(/Nenhuma dúvida nesta aula ainda/, {}, { timeout: 5000 });
    const photo = screen.getByLabelText(/Foto \(opcional\)/);
    fireEvent.change(photo, { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } });
    expect(screen.getByRole('alert').textContent).toBe('A foto deve ser uma imagem JPEG, PNG ou WebP');
    fireEvent.change(screen.getByLabelText('Sua dúvida'), { target: { value: 'Quantos mícrons antes de liberar o gás?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar dúvida' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/courses/3/lessons/9/questions', body: { body: 'Quantos mícrons antes de liberar o gás?' } }]));
    expect((await screen.findByRole('status')).textContent).toBe('Dúvida enviada.');
  });
});

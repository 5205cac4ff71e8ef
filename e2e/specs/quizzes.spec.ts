import { expect, type Page, test } from '@playwright/test';
import { AdminLoginPage, DeleteDialog } from '../pages/admin-pages';
import { admin, adminApi, seedTestUser, type TestUser } from '../support/api';
import { axeViolations, expectNoAxeViolations } from '../support/axe';
import { controlsUnderStickyBar } from '../support/a11y-screens';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const q = (prompt: string, options: [string, boolean][], explanation: string, kind: 'single' | 'multiple' = 'single') => ({
  kind,
  prompt,
  explanation,
  options: options.map(([text, correct]) => ({ text, correct })),
});

const SUPERHEAT = q(
  'Sucção a 5 °C de saturação e tubo a 12 °C: qual o superaquecimento?',
  [
    ['7 K', true],
    ['17 K', false],
    ['5 K', false],
  ],
  'Superaquecimento = 12 − 5 = 7 K.',
);
const MOISTURE = q(
  'Quais problemas a umidade no sistema causa?',
  [
    ['Ácidos no óleo', true],
    ['Congelamento na expansão', true],
    ['Mais eficiência', false],
  ],
  'O óleo POE absorve umidade e forma ácidos; a água congela na expansão.',
  'multiple',
);

/** A published course of one 1-minute lesson with a quiz; optionally a final assessment; and an active subscriber. */
async function seed(baseURL: string, opts: { assessment?: boolean } = {}) {
  const adm = await adminApi(baseURL);
  try {
    const user = await seedTestUser(baseURL, 'questionario', true);
    const title = `Carga de fluido ${unique()}`;
    const created = await adm.post('/api/admin/courses', { data: { title, description: 'Curso semeado pelo teste.' } });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id: courseId } = (await created.json()) as { id: number };
    const lesson = await adm.post(`/api/admin/courses/${courseId}/lessons`, { data: { title: 'Superaquecimento na prática', duration_seconds: 60, youtube_video_id: 'dQw4w9WgXcQ' } });
    expect(lesson.ok(), await lesson.text()).toBeTruthy();
    const { id: lessonId } = (await lesson.json()) as { id: number };
    for (const question of [SUPERHEAT, MOISTURE]) {
      const res = await adm.post(`/api/admin/lessons/${lessonId}/quiz/questions`, { data: question });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    if (opts.assessment) {
      const rules = await adm.put(`/api/admin/courses/${courseId}/assessment`, { data: { questions_per_attempt: 2, passing_score: 50, attempts_per_day: 2, time_limit_minutes: 10 } });
      expect(rules.ok(), await rules.text()).toBeTruthy();
      for (const question of [SUPERHEAT, MOISTURE]) {
        const res = await adm.post(`/api/admin/courses/${courseId}/assessment/questions`, { data: question });
        expect(res.ok(), await res.text()).toBeTruthy();
      }
    }
    return { user, title, courseId, lessonId };
  } finally {
    await adm.dispose();
  }
}

async function signIn(page: Page, user: TestUser) {
  const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/**
 * axe with the page scrolled to its top. Its target-size rule counts a control partly under a sticky bar (the site's
 * header, the assessment's countdown) as too small, so a check made wherever the last click left the scroll failed
 * at random (a radio 20 px tall half under the header's edge); at the top nothing is under them. Where the sticky
 * countdown sits while the questions scroll is checked on its own.
 */
async function axeAtTop(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return axeViolations(page);
}

/** Answers a question card: the options by their text. */
async function answer(card: ReturnType<Page['getByTestId']>, texts: string[]) {
  for (const text of texts) await card.getByText(text, { exact: true }).click();
}

test.describe('lesson quizzes and the final assessment', () => {
  test('a technician answers a lesson quiz on the phone, sees what was wrong and why, and tries again @phone', async ({ page, baseURL }, info) => {
    test.setTimeout(90_000);
    const { user, title, courseId } = await seed(baseURL!);
    await signIn(page, user);
    await page.goto(`/course/${courseId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

    const quiz = page.getByTestId('lesson-quiz');
    await expect(quiz.getByRole('heading', { name: 'Questionário' })).toBeVisible();
    await expect(quiz).toContainText('2 questões sobre esta aula. Aprovação com 70% de acertos.');
    const cards = quiz.getByTestId('quiz-question');
    await expect(cards).toHaveCount(2);
    // the options are thumb-sized
    const box = await cards.first().locator('label').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    // sending with a question unanswered says so
    await answer(cards.nth(0), ['17 K']);
    await quiz.getByRole('button', { name: 'Enviar respostas' }).click();
    await expect(quiz.getByRole('alert')).toHaveText('Falta responder 1 questão.');
    await answer(cards.nth(1), ['Ácidos no óleo']);
    expect(await axeAtTop(page)).toEqual([]);
    await quiz.getByRole('button', { name: 'Enviar respostas' }).click();

    await expect(quiz.getByTestId('quiz-score')).toContainText('Você acertou 0 de 2 (0%)');
    const results = quiz.getByTestId('quiz-result');
    await expect(results.nth(0)).toHaveAttribute('data-correct', 'false');
    await expect(results.nth(0)).toContainText('Explicação: Superaquecimento = 12 − 5 = 7 K.');
    await expect(results.nth(1)).toContainText('O óleo POE absorve umidade');
    expect(await axeAtTop(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('quiz-result.png'), fullPage: true });

    await quiz.getByRole('button', { name: 'Tentar novamente' }).click();
    await answer(cards.nth(0), ['7 K']);
    await answer(cards.nth(1), ['Ácidos no óleo', 'Congelamento na expansão']);
    await quiz.getByRole('button', { name: 'Enviar respostas' }).click();
    await expect(quiz.getByTestId('quiz-score')).toContainText('Você acertou 2 de 2 (100%)');
    await expect(quiz.getByTestId('quiz-score')).toContainText('Parabéns, você foi aprovado!');
    await expect(quiz.getByTestId('quiz-score')).toContainText('Você ganhou pontos no ranking');
    await expect(quiz.getByRole('heading', { name: /Questionário/ })).toContainText('Aprovado');
  });

  test('the final assessment: start, countdown, send, result and attempts left; the certificate follows @phone', async ({ page, baseURL }, info) => {
    test.setTimeout(120_000);
    const { user, courseId, lessonId } = await seed(baseURL!, { assessment: true });
    await signIn(page, user);
    // the lesson watched through (a 1-minute lesson is within what the server credits at once)
    const watched = await page.request.put(`/api/courses/${courseId}/lessons/${lessonId}/position`, { data: { position: 60, duration: 60, watched: [[0, 60]] } });
    expect(((await watched.json()) as { completed: number }).completed).toBe(1);

    await page.goto(`/course/${courseId}`);
    const panel = page.getByTestId('assessment');
    await expect(panel.getByRole('heading', { name: 'Avaliação final' })).toBeVisible();
    await expect(panel).toContainText('2 questões sorteadas, aprovação com 50%, 2 tentativas por dia, 10 min para responder.');
    await expect(panel.getByTestId('assessment-attempts-left')).toHaveText('Restam 2 tentativas hoje.');
    // no certificate before the assessment
    await expect(page.getByTestId('course-finished')).toBeVisible();
    await expect(page.getByTestId('course-certificate-link')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Iniciar avaliação' }).click();
    await expect(panel.getByTestId('assessment-timer')).toContainText(/(10:00|09:\d\d)/);
    const cards = panel.getByTestId('quiz-question');
    await expect(cards).toHaveCount(2);
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      if ((await card.textContent())!.includes('superaquecimento')) await answer(card, ['7 K']);
      else await answer(card, ['Ácidos no óleo', 'Congelamento na expansão']);
    }
    // the countdown stays in sight below the site's sticky header while the questions scroll under both
    await panel.getByRole('button', { name: 'Enviar avaliação' }).scrollIntoViewIfNeeded();
    const header = (await page.getByRole('banner').boundingBox())!;
    const timer = (await panel.getByTestId('assessment-timer').boundingBox())!;
    expect(timer.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.screenshot({ path: info.outputPath('assessment-scrolled.png') });
    // WCAG 2.4.11: going back up with the keyboard, no control ends under the header or the countdown
    expect(await controlsUnderStickyBar(page, page.getByRole('banner').or(panel.getByTestId('assessment-timer')), 60)).toEqual([]);
    // an option half under the stuck countdown, reached from the keyboard, comes out from under it
    const options = cards.nth(1).locator('input');
    await options.last().focus();
    await page.keyboard.press('Shift+Tab');
    const previous = await page.evaluateHandle(() => document.activeElement as HTMLElement);
    expect(await previous.evaluate((el) => el.tagName)).toBe('INPUT');
    await options.last().focus();
    const timerBox = async () => (await panel.getByTestId('assessment-timer').boundingBox())!;
    const top = () => previous.evaluate((el) => el.getBoundingClientRect().top);
    await page.evaluate((dy) => window.scrollBy(0, dy), (await top()) - ((await timerBox()).y + 10));
    expect(Math.round((await top()) - (await timerBox()).y)).toBe(10);
    await page.keyboard.press('Shift+Tab');
    expect(await previous.evaluate((el) => document.activeElement === el)).toBe(true);
    const after = await timerBox();
    expect(await top()).toBeGreaterThanOrEqual(after.y + after.height);
    expect(await axeAtTop(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('assessment-running.png'), fullPage: true });
    await panel.getByRole('button', { name: 'Enviar avaliação' }).click();

    await expect(panel.getByTestId('assessment-score')).toContainText('Você acertou 2 de 2 (100%)');
    await expect(panel.getByTestId('assessment-passed')).toHaveText('Você foi aprovado na avaliação final com 100%.');
    await expect(panel.getByTestId('course-certificate-link')).toHaveText(/Certificado disponível/, { timeout: 20_000 });
    expect(await axeAtTop(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('assessment-result.png'), fullPage: true });
  });

  test('an administrator writes a lesson quiz (with an image) and the final assessment, reorders, and reads the statistics', async ({ page, baseURL }, info) => {
    test.setTimeout(120_000);
    const { user, courseId, lessonId } = await seed(baseURL!, { assessment: true });
    // a technician's attempt, for the statistics: the superheat question missed
    const tech = await page.context().request;
    await signIn(page, user);
    const quiz = (await (await tech.get(`/api/courses/${courseId}/lessons/${lessonId}/quiz`)).json()) as { questions: { id: number; options: { id: number }[] }[] };
    const sent = await tech.post(`/api/courses/${courseId}/lessons/${lessonId}/quiz/attempts`, {
      data: { answers: [{ question_id: quiz.questions[0]!.id, option_ids: [2] }, { question_id: quiz.questions[1]!.id, option_ids: [1, 2] }] },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();

    const login = new AdminLoginPage(page);
    await login.goto();
    await login.login(admin.username, admin.password);
    await page.goto(`/admin/courses/${courseId}`);
    const section = page.getByTestId('course-quizzes');
    await expect(section.getByRole('heading', { name: 'Questionários e avaliação final' })).toBeVisible();
    const lessonEditor = section.getByTestId('quiz-editor-lesson');
    await expect(lessonEditor.getByTestId('quiz-question-row')).toHaveCount(2);
    const stats = lessonEditor.getByTestId('quiz-stats');
    await expect(stats).toContainText('Taxa de aprovação');
    await expect(stats).toContainText('50%');
    await expect(stats).toContainText('Sucção a 5 °C de saturação');
    await expectNoAxeViolations(page, 'editor de questionários');

    // a new multiple-choice question with an image
    await lessonEditor.getByRole('button', { name: 'Adicionar questão' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tipo').selectOption('multiple');
    await dialog.getByLabel('Enunciado').fill('Quais leituras indicam capacitor fraco?');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'capacimetro.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByTestId('question-image')).toContainText('.png');
    await dialog.getByLabel('Alternativa 1', { exact: true }).fill('Capacitância abaixo da tolerância');
    await dialog.getByLabel('Alternativa 2', { exact: true }).fill('Capacitância dentro da tolerância');
    await dialog.getByLabel('Alternativa 3', { exact: true }).fill('Corpo estufado');
    await dialog.getByLabel('Alternativa 4', { exact: true }).fill('Etiqueta legível');
    await dialog.getByLabel('Alternativa 3 correta').check();
    await expectNoAxeViolations(page, 'formulário de questão');
    await dialog.getByRole('button', { name: 'Salvar questão' }).click();
    await expect(dialog).toBeHidden();
    const rows = lessonEditor.getByTestId('quiz-question-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toContainText('Quais leituras indicam capacitor fraco?');
    await expect(rows.nth(2)).toContainText('Múltipla escolha');

    // reorder: the new question goes up
    await lessonEditor.getByRole('button', { name: 'Mover a questão 3 para cima' }).click();
    await expect(rows.nth(1)).toContainText('Quais leituras indicam capacitor fraco?');

    // delete the first
    await lessonEditor.getByRole('button', { name: 'Excluir a questão 1' }).click();
    await new DeleteDialog(page).confirm();
    await expect(rows).toHaveCount(2);

    // the assessment's rules
    const rules = section.getByLabel('Nota mínima (%)');
    await expect(rules).toHaveValue('50');
    await rules.fill('80');
    await section.getByRole('button', { name: 'Salvar regras' }).click();
    await expect(section.getByText('Regras salvas.')).toBeVisible();
    await expect(section.getByTestId('quiz-editor-course').getByTestId('quiz-question-row')).toHaveCount(2);
    await expectNoAxeViolations(page, 'avaliação final no editor');
    await section.screenshot({ path: info.outputPath('admin-quiz-editor.png') });

    const check = await adminApi(baseURL!);
    try {
      const saved = (await (await check.get(`/api/admin/courses/${courseId}/assessment`)).json()) as { settings: { passing_score: number } };
      expect(saved.settings.passing_score).toBe(80);
      const questions = (await (await check.get(`/api/admin/lessons/${lessonId}/quiz`)).json()) as { prompt: string; image_url: string | null; options: { correct: boolean }[] }[];
      expect(questions[0]).toMatchObject({ prompt: 'Quais leituras indicam capacitor fraco?', image_url: expect.stringMatching(/^\/api\/files\/quiz-images\/[0-9a-f]{32}\.png$/) });
      expect(questions[0]!.options.map((o) => o.correct)).toEqual([true, false, true, false]);
    } finally {
      await check.dispose();
    }
  });
});

import { expect, request as playwrightRequest, test } from '@playwright/test';
import { AdminLoginPage, DeleteDialog } from '../pages/admin-pages';
import { admin, adminApi, seedTestUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';

/**
 * Issue 27, the admin side of 'Dúvidas': the dashboard counts the unanswered questions, 'Dúvidas sem resposta'
 * lists them oldest first, an instructor answers inline, hides and deletes; each act is in the audit log; axe finds
 * nothing at 1280 and 390 px (`@phone` runs this file in both projects).
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("admin 'Dúvidas sem resposta' @phone", () => {
  test('answer inline, hide and delete; the dashboard count follows; audited; axe clean', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const tag = unique();
    const adm = await adminApi(baseURL!);
    const texts = [`Qual vácuo em mícrons antes de abrir as válvulas? ${tag}`, `Propaganda fora do assunto ${tag}`, `Pergunta repetida ${tag}`];
    try {
      const course = (await (await adm.post('/api/admin/courses', { data: { title: `Instalação de split ${tag}`, is_published: 1 } })).json()) as { id: number };
      const lesson = (await (await adm.post(`/api/admin/courses/${course.id}/lessons`, { data: { title: `Vácuo e liberação do gás ${tag}`, duration_seconds: 600 } })).json()) as { id: number };
      const user = await seedTestUser(baseURL!, 'duvidas-admin', true);
      const tech = await playwrightRequest.newContext({ baseURL });
      try {
        expect((await tech.post('/api/auth/signin', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
        for (const body of texts) {
          const res = await tech.post(`/api/courses/${course.id}/lessons/${lesson.id}/questions`, { data: { body } });
          expect(res.status(), await res.text()).toBe(201);
        }
      } finally {
        await tech.dispose();
      }

      await page.goto('/admin');
      await new AdminLoginPage(page).login(admin.username, admin.password);
      const card = page.getByTestId('unanswered-questions-card');
      await expect(card.getByTestId('unanswered-questions-count')).toHaveText(/^\d+$/);
      const before = Number(await card.getByTestId('unanswered-questions-count').innerText());
      expect(before).toBeGreaterThanOrEqual(3);
      await card.getByRole('link', { name: 'Responder dúvidas' }).click();
      await expect(page.getByRole('heading', { name: 'Dúvidas sem resposta', level: 1 })).toBeVisible();
      const mine = page.getByTestId('admin-question').filter({ hasText: tag });
      await expect(mine).toHaveCount(3);
      // oldest first
      await expect(mine.getByTestId('admin-question-body')).toHaveText(texts);
      await page.screenshot({ path: testInfo.outputPath('duvidas-sem-resposta.png'), fullPage: true });
      await expectNoAxeViolations(page, '/admin/duvidas');

      // answer the first inline: it leaves the list
      const first = mine.filter({ hasText: texts[0]! });
      await first.getByLabel('Resposta do instrutor').fill('Abaixo de 500 mícrons, e o vacuômetro deve segurar a leitura por 10 minutos.');
      await first.getByRole('button', { name: 'Responder como instrutor' }).click();
      await expect(mine).toHaveCount(2);
      await expect(page.getByTestId('unanswered-count')).toHaveText(before - 1 === 1 ? '1 dúvida sem resposta' : `${before - 1} dúvidas sem resposta`);

      // hide one, delete the other (typed confirmation)
      await mine.filter({ hasText: texts[1]! }).getByRole('button', { name: 'Ocultar' }).click();
      await expect(mine).toHaveCount(1);
      await mine.filter({ hasText: texts[2]! }).getByRole('button', { name: 'Excluir' }).click();
      await expectNoAxeViolations(page, 'exclusão de dúvida');
      await new DeleteDialog(page).confirm();
      await expect(mine).toHaveCount(0);

      // every question, the hidden one marked
      await page.getByText('Todas', { exact: true }).click();
      const all = page.getByTestId('admin-question').filter({ hasText: tag });
      await expect(all).toHaveCount(2);
      await expect(all.filter({ hasText: texts[1]! }).getByText('Oculta')).toBeVisible();
      await expect(all.filter({ hasText: texts[0]! }).getByText('Resposta do instrutor').first()).toBeVisible();
      await expectNoAxeViolations(page, '/admin/duvidas (todas)');

      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('unanswered-questions-count')).toHaveText(String(before - 3));

      // the moderation is in the audit log
      await expect
        .poll(async () => {
          const audit = (await (await adm.get('/api/admin/audit', { params: { entity: 'lesson-questions' } })).json()) as { items: { action: string }[] };
          return [...new Set(audit.items.map((i) => i.action))].sort();
        })
        .toEqual(expect.arrayContaining(['delete', 'hide', 'reply']));
    } finally {
      await adm.dispose();
    }
  });
});

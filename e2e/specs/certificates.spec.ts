import { expect, request as playwrightRequest, test } from '@playwright/test';
import { AdminLoginPage } from '../pages/admin-pages';
import { AdminCertificatesPage, CertificateVerifyPage, MyCertificates } from '../pages/certificates-pages';
import { activateSubscription, admin, adminApi, newUser, registerUser, type TestUser } from '../support/api';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A published course of two short lessons (1 min and 40 s: a workload of 2 minutes) and an active subscriber. */
async function seed(baseURL: string): Promise<{ user: TestUser; course: string; courseId: number; lessons: { id: number; seconds: number }[] }> {
  const adm = await adminApi(baseURL);
  const anon = await playwrightRequest.newContext({ baseURL });
  try {
    const user = await registerUser(anon, newUser('certificado'));
    const me = (await (await anon.get('/api/users/me')).json()) as { id: string };
    await activateSubscription(adm, me.id);
    const course = `Brasagem e solda ${unique()}`;
    const created = await adm.post('/api/admin/courses', { data: { title: course, description: 'Curso semeado pelo teste.' } });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id: courseId } = (await created.json()) as { id: number };
    const lessons: { id: number; seconds: number }[] = [];
    for (const [title, duration] of [['Preparação da junta', '1:00'], ['Brasagem com vareta de prata', '0:40']]) {
      const res = await adm.post(`/api/admin/courses/${courseId}/lessons`, { data: { title, duration_seconds: duration, youtube_video_id: 'dQw4w9WgXcQ' } });
      expect(res.ok(), await res.text()).toBeTruthy();
      const lesson = (await res.json()) as { id: number; duration_seconds: number };
      lessons.push({ id: lesson.id, seconds: lesson.duration_seconds });
    }
    return { user, course, courseId, lessons };
  } finally {
    await adm.dispose();
    await anon.dispose();
  }
}

test.describe('certificates', () => {
  test('completing a course issues a certificate; anyone verifies it; an administrator revokes it @phone', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const { user, course, courseId, lessons } = await seed(baseURL!);
    const signIn = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();

    // the player's reports, as the course page sends them: the whole of each short video watched (the server
    // measures them against the lessons' own durations; a minute is within what it credits at once)
    for (const { id: lessonId, seconds } of lessons) {
      const res = await page.request.put(`/api/courses/${courseId}/lessons/${lessonId}/position`, { data: { position: seconds, duration: seconds, watched: [[0, seconds]] } });
      expect(res.ok(), await res.text()).toBeTruthy();
      expect(((await res.json()) as { completed: number }).completed).toBe(1);
    }

    // the course page offers the certificate
    await page.goto(`/course/${courseId}`);
    await expect(page.getByRole('heading', { name: course, level: 1 })).toBeVisible();
    const link = page.getByTestId('course-certificate-link');
    await expect(link).toHaveText(/Certificado disponível/, { timeout: 20_000 });

    // 'Meus certificados' in the profile: the PDF and the verification page
    const mine = new MyCertificates(page);
    await mine.goto();
    const card = mine.card(course);
    await expect(card).toContainText('2 minutos');
    const code = await mine.code(course);
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
    await expect(card).toContainText(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: `Baixar o certificado do curso ${course} em PDF` }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^certificado-brasagem-e-solda-.+-${code}\\.pdf$`));
    await card.getByRole('link', { name: 'Página de verificação' }).click();
    await expect(page).toHaveURL(new RegExp(`/certificados/${code}$`));
    await expect(page.getByRole('heading', { name: 'Certificado válido' })).toBeVisible();

    // an anonymous visitor (another browser, no session) checks it
    const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    try {
      const anonymous = await visitor.newPage();
      const verify = new CertificateVerifyPage(anonymous);
      await verify.goto(code.toLowerCase());
      await expect(verify.result).toHaveAttribute('data-status', 'valid');
      await expect(anonymous.getByRole('heading', { name: 'Certificado válido' })).toBeVisible();
      await expect(verify.result).toContainText(user.name);
      await expect(verify.result).toContainText(course);
      await expect(verify.result).toContainText('2 minutos');
      await expect(verify.result).not.toContainText(user.email);

      // an administrator finds it and revokes it, with a confirmation
      const adminPage = await browser.newPage({ baseURL, viewport: page.viewportSize() ?? undefined, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const login = new AdminLoginPage(adminPage);
      await login.goto();
      await login.login(admin.username, admin.password);
      const certificates = new AdminCertificatesPage(adminPage);
      await certificates.goto();
      await certificates.search(course);
      await expect(certificates.row(course)).toContainText(user.name);
      await expect(certificates.row(course)).toContainText('Válido');
      await certificates.revoke(course, user.name, 'Conclusão registrada por engano');
      await expect(certificates.row(course)).toContainText('Revogado em');
      await expect(certificates.row(course).getByRole('button', { name: /Revogar/ })).toHaveCount(0);
      await adminPage.close();

      // the public page now says so
      await verify.goto(code);
      await expect(verify.result).toHaveAttribute('data-status', 'revoked');
      const today = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(new Date());
      await expect(verify.result).toContainText(`Este certificado foi revogado em ${today}.`);

      // an unknown code
      await verify.goto('ZZZZ-ZZZZ-ZZZZ');
      await expect(anonymous.getByRole('heading', { name: 'Certificado não encontrado' })).toBeVisible();
    } finally {
      await visitor.close();
    }

    // the holder sees it revoked, without the download
    await mine.goto();
    await expect(mine.card(course)).toContainText('Revogado em');
    await expect(mine.card(course).getByRole('link', { name: /Baixar/ })).toHaveCount(0);
  });
});

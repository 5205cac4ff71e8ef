import { expect, test, type APIRequestContext } from '@playwright/test';
import type { OwnStats, RankingEntry } from '@clima/contract';
import { skipTrialDialog } from '../pages/billing-pages';
import { RankingPage } from '../pages/ranking-page';
import { activateSubscription, adminApi, newUser, registerUser, type TestUser } from '../support/api';

const displayName = (e: RankingEntry) => e.name?.trim() || e.email?.split('@')[0] || 'Técnico';

/** A study heartbeat, as the web app sends it while a lesson video plays. */
async function heartbeat(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/users/session/heartbeat', { data: { activity: 'video', visible: true } });
  expect(res.status()).toBe(200);
}

async function ownStats(request: APIRequestContext): Promise<OwnStats> {
  const res = await request.get('/api/users/me/stats');
  expect(res.ok()).toBe(true);
  return (await res.json()) as OwnStats;
}

async function ranking(request: APIRequestContext, period: 'week' | 'all' = 'all'): Promise<RankingEntry[]> {
  const res = await request.get(`/api/ranking?period=${period}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as RankingEntry[];
}

/** The worker turns a first study heartbeat of the day into +10 (the day) and its 30 s of study: 10 points, one login. */
async function expectWorkerCounted(request: APIRequestContext): Promise<OwnStats> {
  await expect.poll(async () => (await ownStats(request)).total_session_time_seconds, { timeout: 20_000 }).toBe(30);
  return ownStats(request);
}

/** A published manual of the demo catalogue. */
async function someManual(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/manuals');
  expect(res.ok()).toBe(true);
  const [first] = (await res.json()) as { id: number }[];
  expect(first, 'the catalogue has a published manual').toBeDefined();
  return first!.id;
}

/**
 * A new technician, on their own session: signs up, studies for a heartbeat (+10: the day) and, as a subscriber,
 * opens a manual (+2). Every account the other tests of the run create has the day's 10 points and reached them
 * earlier (the tie-break), so the 2 points are what puts this one on the board of 50 however many there are.
 */
async function activeTechnician(request: APIRequestContext, adm: APIRequestContext, manualId: number): Promise<{ user: TestUser; stats: OwnStats }> {
  const user = await registerUser(request, newUser('ranking'));
  await heartbeat(request);
  await expectWorkerCounted(request);
  const me = (await (await request.get('/api/users/me')).json()) as { id: string };
  await activateSubscription(adm, me.id);
  // the gateway may keep the caller's plan for a moment after the change
  await expect.poll(async () => (await request.post(`/api/manuals/${manualId}/download`)).status(), { timeout: 15_000 }).toBe(200);
  await expect.poll(async () => (await ownStats(request)).points, { timeout: 20_000 }).toBe(12);
  return { user, stats: await ownStats(request) };
}

test('a signed-in technician sees the board with podium, badges and own stats @phone', async ({ page, playwright, baseURL }) => {
  const adm = await adminApi(baseURL!);
  const manualId = await someManual(adm);
  // Other technicians, each signed in through their own session.
  const others: TestUser[] = [];
  for (let i = 0; i < 3; i++) {
    const api = await playwright.request.newContext({ baseURL });
    others.push((await activeTechnician(api, adm, manualId)).user);
    await api.dispose();
  }

  // The technician under test (the page's session).
  const { user: me, stats } = await activeTechnician(page.request, adm, manualId);
  await adm.dispose();
  expect(stats.points).toBe(12);
  expect(stats.total_logins).toBe(1);
  expect(stats.position).not.toBeNull();
  expect(stats.week).toEqual({ position: expect.any(Number), points: 12 });

  // the board follows the ledger a moment after the worker's commit (its Redis copy): wait for it
  await expect
    .poll(async () => (await ranking(page.request)).map((e) => e.name), { timeout: 10_000 })
    .toEqual(expect.arrayContaining([...others, me].map((u) => u.name)));
  const board = await ranking(page.request);
  const week = await ranking(page.request, 'week');
  for (const user of [...others, me]) expect(board.map((e) => e.name)).toContain(user.name);
  // no other technician's e-mail reaches the browser; the own row keeps the caller's
  expect(board.filter((e) => e.email !== null).map((e) => e.email)).toEqual([me.email]);

  // the free-trial offer opens once per session for a new account; this path is about the ranking
  await skipTrialDialog(page);
  const screen = new RankingPage(page);
  await screen.goto();
  await screen.expectLoaded();

  // The week's league first, in the order returned; 'Geral' switches to the all-time board.
  await expect(screen.tab('Semana')).toHaveAttribute('aria-selected', 'true');
  await expect(screen.names()).toHaveText(week.map(displayName));
  await screen.tab('Geral').click();
  await expect(screen.tab('Geral')).toHaveAttribute('aria-selected', 'true');
  await expect(screen.tab('Semana')).toHaveAttribute('aria-selected', 'false');

  // In the order returned, with gold, silver and bronze for the first three.
  await expect(screen.names()).toHaveText(board.map(displayName));
  await expect(screen.row(1)).toHaveAttribute('data-tier', 'gold');
  await expect(screen.row(2)).toHaveAttribute('data-tier', 'silver');
  await expect(screen.row(3)).toHaveAttribute('data-tier', 'bronze');
  await expect(screen.row(4)).toHaveAttribute('data-tier', 'none');
  await expect(screen.row(1).getByRole('img', { name: '1º lugar, ouro' })).toBeVisible();

  // At most three badges per row, then '+N' for the rest.
  const decorated = board.findIndex((e) => e.badges.length > 3);
  expect(decorated, 'the board has a technician with more than three badges').toBeGreaterThanOrEqual(0);
  const decoratedRow = screen.row(decorated + 1);
  await expect(decoratedRow.getByTestId('badge-chip')).toHaveCount(3);
  await expect(decoratedRow.getByTestId('badge-more')).toContainText(`+${board[decorated]!.badges.length - 3}`);
  await expect(decoratedRow.getByTestId('badge-chip').first()).toHaveText('Primeiro Passo');

  // The technician's own row is highlighted, with points, logins, time online and streak.
  const mine = screen.currentUserRow();
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-rank', String(stats.position));
  await expect(mine.getByTestId('ranking-name')).toHaveText(me.name);
  await expect(mine.getByTestId('ranking-points')).toHaveText('12 pts');
  await expect(mine.getByTestId('ranking-logins')).toHaveText('1');
  await expect(mine.getByTestId('ranking-time')).toHaveText('0min');
  await expect(mine.getByTestId('ranking-streak')).toHaveText('1 dia');

  // 'Suas Estatísticas'.
  const own = screen.section('Suas Estatísticas');
  await expect(own.getByTestId('own-position')).toHaveText(`${stats.position}º`);
  await expect(own.getByTestId('own-points')).toHaveText('12 pts');
  await expect(own.getByTestId('own-week')).toHaveText(`${stats.week.position}º lugar · 12 pts`);
  await expect(own.getByTestId('own-study-today')).toHaveText('0 de 120 pts');
  await expect(own.getByTestId('own-logins')).toHaveText('1');
  await expect(own.getByTestId('own-time')).toHaveText('0min');
  await expect(own.getByTestId('own-streak')).toHaveText('1 dia');
  await expect(own.getByTestId('own-longest')).toHaveText('1 dia');

  // 'Minhas Conquistas': all eleven, the first one earned, the others with what they still need.
  const achievements = screen.section('Minhas Conquistas');
  await expect(achievements.getByTestId('achievement')).toHaveCount(11);
  await expect(achievements.getByTestId('achievements-count')).toHaveText('1 de 11 conquistadas');
  await expect(screen.achievement('first_login')).toHaveAttribute('data-earned', 'true');
  await expect(screen.achievement('dedicated')).toHaveAttribute('data-earned', 'false');
  await expect(screen.achievement('dedicated').getByTestId('achievement-need')).toHaveText('1 de 10 logins');
  await expect(screen.achievement('streak_7').getByTestId('achievement-need')).toHaveText('Maior sequência: 1 de 7 dias');
  await expect(screen.achievement('week_podium').getByTestId('achievement-need')).toContainText('Termine uma semana entre os 3 primeiros');

  // 'Como Funcionam os Pontos' (spec section 9 and the learning rules).
  const rules = screen.section('Como Funcionam os Pontos');
  const titles = ['Login diário', 'Por minuto de estudo', 'Aula concluída', 'Curso concluído', 'Questionário aprovado', 'Avaliação final aprovada', 'Manual aberto', 'Sequência de 3 dias', 'Sequência de 7 dias', 'Sequência de 30 dias'];
  for (const text of titles) await expect(rules.getByText(text, { exact: true })).toBeVisible();
  await expect(rules.getByText(/^\+\d+$/)).toHaveText(['+10', '+1', '+20', '+100', '+10', '+50', '+2', '+50', '+150', '+500']);
  await expect(rules.getByText('até 120 pontos por dia', { exact: false })).toBeVisible();
});

test('on a phone, the board comes first, then the own stats and the achievements; on a desktop, beside and below it @phone', async ({ page }) => {
  await registerUser(page.request, newUser('ranking'));
  await heartbeat(page.request);
  await expectWorkerCounted(page.request);
  await skipTrialDialog(page);
  const screen = new RankingPage(page);
  await screen.goto();
  await screen.expectLoaded();
  const box = async (l: ReturnType<RankingPage['section']>) => (await l.boundingBox())!;
  const [stats, achievements, board] = [await box(screen.stats), await box(screen.section('Minhas Conquistas')), await box(screen.section('Classificação'))];
  const viewport = page.viewportSize()!;
  if (viewport.width < 768) {
    // issue 25: the board was 2,100 px down, below the achievements
    expect(board.y).toBeLessThan(stats.y);
    expect(stats.y).toBeLessThan(achievements.y);
    // the board starts in the first screen
    expect(board.y).toBeLessThan(viewport.height);
  } else {
    // the board on the left, the stats beside it, the achievements below both
    expect(stats.x).toBeGreaterThan(board.x + board.width / 2);
    expect(Math.abs(stats.y - board.y)).toBeLessThan(5);
    expect(achievements.y).toBeGreaterThan(board.y);
  }
  // 'Semana' | 'Geral' switch the board
  await screen.tab('Geral').click();
  await expect(screen.tab('Geral')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('ranking-period-hint')).toHaveText(/Todos os pontos desde o início/);
  await screen.tab('Semana').click();
  await expect(page.getByTestId('ranking-period-hint')).toHaveText(/Recomeça toda segunda-feira/);
  await expect(screen.rows.first()).toBeVisible();
});

test('an anonymous visitor sees "Acesso Restrito" @phone', async ({ page }) => {
  const screen = new RankingPage(page);
  await screen.goto();
  await screen.expectRestricted();
  await page.getByRole('button', { name: 'Entrar ou criar conta' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

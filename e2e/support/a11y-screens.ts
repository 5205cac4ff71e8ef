import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { adminApi } from './api';

/**
 * The screens issue 25 holds to WCAG 2.2 AA, shared by the accessibility specs (axe, touch targets, text at
 * 200 % and reflow): the seed they need, the end-user screens and the admin screens.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real 24-second WebM (VP9 + Opus, 128×72) of about 40 KB: a content played by the platform's own player. */
const VIDEO = resolve(__dirname, '../fixtures/video-curto.webm');

export interface A11ySeed {
  contentId: number;
  uploadedContentId: number;
  slug: string;
  courseId: number;
}

/**
 * A published content on YouTube and one with an uploaded video (the platform's own player and controls), a course
 * category with a two-lesson course, and a manual, each with a unique name.
 */
export async function seedA11yScreens(baseURL: string): Promise<A11ySeed> {
  const adm = await adminApi(baseURL);
  try {
    const tag = unique();
    const post = async (path: string, data: object) => {
      const res = await adm.post(path, { data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as { id: number; slug?: string };
    };
    const category = await post('/api/admin/categories', { name: `Acessível ${tag}`, description: 'Categoria do teste de acessibilidade.' });
    const content = await post('/api/admin/contents', {
      title: `Vácuo e estanqueidade ${tag}`,
      description: 'Bomba de vácuo, vacuômetro e nitrogênio.',
      category_id: category.id,
      tags: ['vácuo', 'instalação'],
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      is_published: 1,
    });
    const upload = await adm.post('/api/admin/upload-video', { multipart: { video: { name: 'aula.webm', mimeType: 'video/webm', buffer: readFileSync(VIDEO) } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const uploaded = await post('/api/admin/contents', {
      title: `Carga de fluido ${tag}`,
      description: 'Balança, manifold e a carga pelo peso.',
      category_id: category.id,
      video_file_url: ((await upload.json()) as { url: string }).url,
      is_published: 1,
    });
    const courseCategory = await post('/api/admin/course-categories', { name: `Instalação acessível ${tag}`, description: 'Da tubulação ao comissionamento.' });
    const course = await post('/api/admin/courses', { title: `Split inverter ${tag}`, description: 'Instalação passo a passo.', course_category_id: courseCategory.id });
    for (const [title, video] of [['Ferramentas', 'dQw4w9WgXcQ'], ['Vácuo', 'M7lc1UVf-VE']]) {
      await post(`/api/admin/courses/${course.id}/lessons`, { title, description: `Lição ${title}.`, youtube_video_id: video, duration_seconds: '10:00' });
    }
    await post('/api/admin/manuals', {
      title: `Manual inverter ${tag}`,
      manufacturer_name: `Fabricante ${tag}`,
      model_name: `MOD-${tag}`,
      file_url: 'https://exemplo.com.br/manuais/inverter.pdf',
      description: 'Códigos de erro.',
    });
    return { contentId: content.id, uploadedContentId: uploaded.id, slug: courseCategory.slug!, courseId: course.id };
  } finally {
    await adm.dispose();
  }
}

/** The end-user screens of spec 2.1 and the pages the e-mails and the footer link to: [name, path]. */
export function userScreens(seed: A11ySeed): Array<[string, string]> {
  return [
    ['início', '/'],
    ['conteúdos', '/contents'],
    ['conteúdo', `/content/${seed.contentId}`],
    ['conteúdo com vídeo enviado', `/content/${seed.uploadedContentId}`],
    ['categoria de aulas', `/course-category/${seed.slug}`],
    ['aula', `/course/${seed.courseId}`],
    ['ranking', '/ranking'],
    ['manuais', '/manuals'],
    ['assinatura', '/subscription'],
    ['perfil', '/profile'],
    ['acessibilidade', '/acessibilidade'],
    ['ferramentas', '/ferramentas'],
    ['redefinir senha', '/redefinir-senha?token=invalido'],
    ['verificar e-mail', '/verificar-email?token=invalido'],
    ['página inexistente', '/nao-existe'],
  ];
}

/** Waits until an end-user screen has drawn its data (no spinner, the requests answered). */
export async function settleUserScreen(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
}

/**
 * The admin screens, each with its level-1 heading and the button that opens its form dialog (when it has
 * one) and that dialog's name. The course editor has no path of its own here: it opens from /admin/courses.
 */
export interface AdminScreen {
  path: string;
  heading: string;
  dialog?: { button: string | RegExp; name: string | RegExp };
}

export const ADMIN_SCREENS: AdminScreen[] = [
  { path: '/admin/dashboard', heading: 'Painel Administrativo' },
  { path: '/admin/users', heading: 'Usuários', dialog: { button: /^Editar /, name: 'Editar usuário' } },
  { path: '/admin/contents', heading: 'Conteúdos', dialog: { button: 'Novo Conteúdo', name: 'Novo Conteúdo' } },
  { path: '/admin/categories', heading: 'Categorias', dialog: { button: 'Nova Categoria', name: 'Nova Categoria' } },
  { path: '/admin/course-categories', heading: 'Categorias de Curso', dialog: { button: 'Nova Categoria', name: 'Nova Categoria de Curso' } },
  { path: '/admin/courses', heading: 'Gerenciar Aulas' },
  { path: '/admin/manuals', heading: 'Manuais Técnicos', dialog: { button: /^Novo Manual|^Cadastrar/, name: /Manual/ } },
  { path: '/admin/administrators', heading: 'Administradores', dialog: { button: /^Novo Administrador/, name: 'Novo Administrador' } },
  { path: '/admin/certificates', heading: 'Certificados' },
  { path: '/admin/audit', heading: 'Auditoria' },
];

/** Opens an admin screen and waits for its heading and its list (a spinner has its own role). */
export async function visitAdminScreen(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Carregando...' })).toHaveCount(0);
}

/**
 * WCAG 2.4.11 (focus not obscured): walks a page backwards from its last control with Shift+Tab, as a keyboard user
 * going up a long list does, and lists every focused control whose top edge a sticky bar (`bars`: one or several)
 * lies over — what the browser shows there is the bar, not the control (stricter than 2.4.11's "not entirely hidden").
 * The browser scrolls each focused control into sight; without the page's scroll padding it stops at the window's top
 * edge, under the bar. A frame (a lesson's video player) is a document of its own, which the browser scrolls to only
 * as far as it needs: it is held to 2.4.11's own rule, listed when its bottom edge is under the bar too. Left out: the
 * page itself, what is inside a bar, what is fixed (the skip link shows above the bar) and what is taller than half the
 * window (some of it always shows).
 */
export async function controlsUnderStickyBar(page: Page, bars: Locator, steps = 40): Promise<string[]> {
  await expect(bars.first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea').filter({ visible: true }).last().focus();
  const barElements = await bars.elementHandles();
  const under: string[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Shift+Tab');
    const hidden = await page.evaluate((barEls) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || barEls.some((b) => b.contains(el)) || getComputedStyle(el).position === 'fixed') return null;
      const box = el.getBoundingClientRect();
      if (box.height > window.innerHeight / 2 || box.top + 2 < 0 || box.top + 2 >= window.innerHeight) return null;
      const y = el.tagName === 'IFRAME' ? box.bottom - 2 : box.top + 2;
      const over = [box.left + 4, box.left + box.width / 2, box.right - 4]
        .map((x) => document.elementFromPoint(x, y))
        .find((hit) => hit && !el.contains(hit) && barEls.some((b) => b.contains(hit)));
      if (!over) return null;
      const bar = barEls.find((b) => b.contains(over))!;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 50);
      return `${el.tagName.toLowerCase()} "${name}": top ${Math.round(box.top)} px, under ${bar.tagName.toLowerCase()}${bar.dataset.testid ? ` ${bar.dataset.testid}` : ''} (bottom ${Math.round(bar.getBoundingClientRect().bottom)} px)`;
    }, barElements as unknown as HTMLElement[]);
    if (hidden && !under.includes(hidden)) under.push(hidden);
  }
  return under;
}

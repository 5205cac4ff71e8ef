import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, signedIdentityHeaders, type Identity } from '@clima/common';
import type { Content, ContentCategory } from '@clima/contract';
import { AppModule } from '../src/app.module';
import { loadCatalogConfig } from '../src/config';

export const unique = (prefix = 't') => `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** The catalog app as the gateway reaches it, with extra environment (storage, limits). */
export async function catalogApp(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
  const config = loadCatalogConfig({ ...process.env, ...env });
  return createServiceApp(AppModule.forRoot(config), config, { rpc: true });
}

/** The identity headers the gateway would send for each kind of caller. */
export const as = {
  anonymous: (): Record<string, string> => ({}),
  user: (status: string, id = unique('email_')): Record<string, string> =>
    signedIdentityHeaders({ user: { id, email: `${id}@exemplo.com.br`, name: 'Técnico Teste', subscriptionStatus: status, isAdmin: false }, admin: null }),
  subscriber: (id?: string) => as.user('active', id),
  inactive: (id?: string) => as.user('inactive', id),
  admin: (): Record<string, string> => signedIdentityHeaders({ user: null, admin: { id: '1', username: 'admin' } } satisfies Identity),
};

export async function createCategory(app: NestFastifyApplication, over: Partial<{ name: string; slug: string; description: string }> = {}) {
  const slug = over.slug ?? unique('cat-');
  const res = await request(app.getHttpServer())
    .post('/api/admin/categories')
    .set(as.admin())
    .send({ name: over.name ?? `Categoria ${slug}`, slug, description: over.description ?? 'Descrição' })
    .expect(201);
  return res.body as ContentCategory;
}

export async function createContent(app: NestFastifyApplication, body: Record<string, unknown> = {}) {
  const res = await request(app.getHttpServer())
    .post('/api/admin/contents')
    .set(as.admin())
    .send({ title: unique('Conteúdo '), description: 'Descrição do vídeo', tags: '["split"]', video_url: 'https://youtu.be/abc123', is_published: 1, ...body })
    .expect(201);
  return res.body as Content;
}

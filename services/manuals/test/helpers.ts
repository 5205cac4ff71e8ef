import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, Identity, signedIdentityHeaders } from '@clima/common';
import type { Manual } from '@clima/contract';
import { AppModule } from '../src/app.module';
import { loadManualsConfig } from '../src/config';

export async function buildApp(env: NodeJS.ProcessEnv = {}, opts: { rpc?: boolean } = {}): Promise<NestFastifyApplication> {
  const config = loadManualsConfig({ ...process.env, ...env });
  return createServiceApp(AppModule.forRoot(config), config, opts);
}

/** A short unique suffix, so parallel specs never share data. */
export const uid = () => randomBytes(4).toString('hex');

const user = (status: string, id = `email_${uid()}`): Identity => ({
  user: { id, email: `${id}@exemplo.com.br`, name: 'Técnico Teste', subscriptionStatus: status, isAdmin: false },
  admin: null,
});

export const as = {
  anonymous: signedIdentityHeaders({ user: null, admin: null }),
  admin: signedIdentityHeaders({ user: null, admin: { id: '1', username: 'admin' } }),
  subscriber: (id?: string) => signedIdentityHeaders(user('active', id)),
  inactive: (id?: string) => signedIdentityHeaders(user('inactive', id)),
};

/** Creates a manual through the admin API (the way the panel does) and returns it. */
export async function createManual(app: NestFastifyApplication, body: Record<string, unknown>): Promise<Manual> {
  const res = await request(app.getHttpServer())
    .post('/api/admin/manuals')
    .set(as.admin)
    .send({
      title: `Manual ${uid()}`,
      description: null,
      manufacturer_logo: null,
      manual_type: 'service',
      file_url: 'https://www.exemplo.com.br/manual.pdf',
      ...body,
    });
  if (res.status !== 201) throw new Error(`create manual: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Manual;
}

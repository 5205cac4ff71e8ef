import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, signedIdentityHeaders } from '@clima/common';
import type { Course, CourseCategory, CourseLesson } from '@clima/contract';
import { AppModule } from '../src/app.module';
import { loadCoursesConfig } from '../src/config';

export async function buildApp(opts: { rpc?: boolean } = {}): Promise<NestFastifyApplication> {
  const config = loadCoursesConfig();
  return createServiceApp(AppModule.forRoot(config), config, { rpc: opts.rpc });
}

/** A value no other test (nor another parallel spec file) uses. */
export const unique = (prefix = 't') => `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

export const anonymous = signedIdentityHeaders({ user: null, admin: null });
export const admin = signedIdentityHeaders({ user: null, admin: { id: '1', username: 'admin' } });

/** Headers of a signed-in end user; active subscriber unless told otherwise. */
export function userHeaders(id = unique('email_'), status = 'active'): Record<string, string> {
  return signedIdentityHeaders({ user: { id, email: `${id}@exemplo.com.br`, name: 'Técnico Teste', subscriptionStatus: status, isAdmin: false }, admin: null });
}

/** Test data created through the admin API, as an administrator would. */
export class Factory {
  constructor(private readonly app: NestFastifyApplication) {}

  private get http() {
    return request(this.app.getHttpServer());
  }

  async category(body: Record<string, unknown> = {}): Promise<CourseCategory> {
    const name = (body.name as string | undefined) ?? `Categoria ${unique()}`;
    const res = await this.http.post('/api/admin/course-categories').set(admin).send({ name, ...body }).expect(201);
    return res.body as CourseCategory;
  }

  async course(body: Record<string, unknown> = {}): Promise<Course> {
    const res = await this.http.post('/api/admin/courses').set(admin).send({ title: `Curso ${unique()}`, ...body }).expect(201);
    return res.body as Course;
  }

  async lesson(courseId: number, body: Record<string, unknown> = {}): Promise<CourseLesson> {
    const res = await this.http
      .post(`/api/admin/courses/${courseId}/lessons`)
      .set(admin)
      .send({ title: `Aula ${unique()}`, duration_seconds: 600, ...body })
      .expect(201);
    return res.body as CourseLesson;
  }
}

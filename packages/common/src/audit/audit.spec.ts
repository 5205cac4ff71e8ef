import { auditBefore, auditScopes, AuditScope, auditSnapshot, defaultAction, entityOfPath, recordIdOfAnswer, redact, REDACTED } from './audit';

describe('audit helpers', () => {
  it('hides every secret-looking key at any depth, and nothing else', () => {
    const input = {
      username: 'ana',
      password: 'segredo-1',
      newPassword: 'segredo-2',
      senha_atual: 'segredo-3',
      password_hash: '$argon2id$v=19$…',
      nested: { resetToken: 'abc', clientSecret: 'def', list: [{ passwordHash: 'x', keep: 1 }] },
      when: new Date('2025-01-02T03:04:05.000Z'),
      missing: undefined,
      nothing: null,
    };
    expect(redact(input)).toEqual({
      username: 'ana',
      password: REDACTED,
      newPassword: REDACTED,
      senha_atual: REDACTED,
      password_hash: REDACTED,
      nested: { resetToken: REDACTED, clientSecret: REDACTED, list: [{ passwordHash: REDACTED, keep: 1 }] },
      when: '2025-01-02T03:04:05.000Z',
      nothing: null,
    });
    expect(JSON.stringify(redact(input))).not.toMatch(/segredo|argon2|abc|def/);
  });

  it('drops the NUL characters jsonb cannot store', () => {
    expect(redact({ title: 'a\u0000b', ['x\u0000']: ['\u0000'] })).toEqual({ title: 'ab', x: [''] });
  });

  it('keeps a large answer out of the log, saying how large it was', () => {
    expect(auditSnapshot({ text: 'x'.repeat(70_000) })).toEqual({ _omitido: expect.stringMatching(/^registro de 7\d{4} bytes/) });
    expect(auditSnapshot({ a: 1 })).toEqual({ a: 1 });
    expect(auditSnapshot(undefined)).toBeNull();
  });

  it('names the entity after the route and the action after the method', () => {
    expect(entityOfPath('/api/admin/contents/:id/toggle-published')).toBe('contents');
    expect(entityOfPath('/api/admin/course-categories')).toBe('course-categories');
    expect(entityOfPath('/api/users/me')).toBeNull();
    expect([defaultAction('POST'), defaultAction('put'), defaultAction('PATCH'), defaultAction('DELETE'), defaultAction('GET')]).toEqual([
      'create',
      'update',
      'update',
      'delete',
      null,
    ]);
  });

  it("finds the record in an answer's id or an upload's file name", () => {
    expect(recordIdOfAnswer({ id: 12 })).toBe('12');
    expect(recordIdOfAnswer({ id: 'email_3' })).toBe('email_3');
    expect(recordIdOfAnswer({ url: '/api/files/videos/0123abcd.mp4' })).toBe('0123abcd.mp4');
    expect(recordIdOfAnswer([{ id: 1 }])).toBeNull();
    expect(recordIdOfAnswer(null)).toBeNull();
  });

  it('takes the row before the change only inside an audited request', async () => {
    auditBefore({ ignored: true });
    const scope: AuditScope = {};
    await auditScopes.run(scope, async () => {
      await new Promise((r) => setTimeout(r, 5));
      auditBefore({ title: 'antes' });
    });
    expect(scope.before).toEqual({ title: 'antes' });
  });
});

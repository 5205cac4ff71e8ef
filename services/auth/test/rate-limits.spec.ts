import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAuthConfig } from '../src/config';
import { SLOWDOWN_STEP_MS } from '../src/sessions/login-rate-limiter';
import { bootApp, Browser, randomIp, registerUser, uniqueEmail } from './helpers';

const TOO_MANY_SIGNINS = { error: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.' };
const TOO_MANY_REGISTRATIONS = { error: 'Muitos cadastros feitos a partir desta rede. Tente novamente mais tarde.' };

const SLOWDOWN_AT = 3;
const SLOWDOWN_MAX_MS = 1500;
const MAX_ACCOUNTS = 6;

describe('sign-in and registration limits per address (small thresholds)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await bootApp({
      SIGNIN_SLOWDOWN_ACCOUNTS_PER_IP: String(SLOWDOWN_AT),
      SIGNIN_SLOWDOWN_MAX_MS: String(SLOWDOWN_MAX_MS),
      SIGNIN_MAX_ACCOUNTS_PER_IP: String(MAX_ACCOUNTS),
      REGISTER_MAX_PER_IP: '3',
      RATE_LIMIT_EXEMPT_NETWORKS: '127.0.0.0/8,::1/128',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const signIn = (ip: string, email: string, password: string) => new Browser(app, ip).post('/api/auth/signin', { email, password });
  /** One failure each for `n` accounts nobody tried from `ip` before. */
  async function failOtherAccounts(ip: string, n: number) {
    const answers = await Promise.all(Array.from({ length: n }, () => signIn(ip, uniqueEmail('outra'), 'errada123')));
    for (const res of answers) expect(res.status).toBe(401);
  }
  async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const t = performance.now();
    const value = await fn();
    return { value, ms: performance.now() - t };
  }

  it('counts accounts, not failures: one account failing many times from an address does not hold back another', async () => {
    const ip = randomIp();
    const typo = uniqueEmail('digitacao');
    // more failures than the address allows accounts, all on one account (under its own limit)
    for (let i = 0; i < MAX_ACCOUNTS + 3; i++) expect((await signIn(ip, typo, 'errada123')).status).toBe(401);
    const { me, password } = await registerUser(app);
    expect((await signIn(ip, me.email, password)).status).toBe(200);
  });

  it('slows an address down once several accounts failed from it, more with each account, and still lets a right password in', async () => {
    const ip = randomIp();
    const { me, password } = await registerUser(app);
    await failOtherAccounts(ip, SLOWDOWN_AT);
    const first = await timed(() => signIn(ip, me.email, password));
    expect(first.value.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(SLOWDOWN_STEP_MS);

    const { me: other, password: otherPassword } = await registerUser(app);
    await failOtherAccounts(ip, 2);
    const later = await timed(() => signIn(ip, other.email, otherPassword));
    expect(later.value.status).toBe(200);
    // two more accounts: the third step
    expect(later.ms).toBeGreaterThanOrEqual(3 * SLOWDOWN_STEP_MS);
  });

  it('refuses an address over its account limit, except for accounts that signed in from it before; other addresses are not affected', async () => {
    const office = randomIp();
    const regular = await registerUser(app);
    expect((await signIn(office, regular.me.email, regular.password)).status).toBe(200);
    const newcomer = await registerUser(app);

    await failOtherAccounts(office, MAX_ACCOUNTS);
    const refused = await signIn(office, newcomer.me.email, newcomer.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY_SIGNINS);
    expect(refused.headers['set-cookie']).toBeUndefined();

    // someone who already signed in from this address is neither refused nor slowed down (an unknown one would wait 4 steps)
    const known = await timed(() => signIn(office, regular.me.email, regular.password));
    expect(known.value.status).toBe(200);
    expect(known.ms).toBeLessThan(4 * SLOWDOWN_STEP_MS);

    expect((await signIn(randomIp(), newcomer.me.email, newcomer.password)).status).toBe(200);
  });

  it('an account that signed in from an address before is still locked by its own failures there', async () => {
    const office = randomIp();
    const { me, password } = await registerUser(app);
    expect((await signIn(office, me.email, password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signIn(office, me.email, 'errada123')).status).toBe(401);
    const res = await signIn(office, me.email, password);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY_SIGNINS);
  });

  it('limits registrations per address with a 429 in Portuguese; other addresses still register', async () => {
    const ip = randomIp();
    const register = (from: string) => new Browser(app, from).post('/api/auth/register', { name: 'Técnico', email: uniqueEmail('cadastro'), password: 'segredo123' });
    for (let i = 0; i < 3; i++) expect((await register(ip)).status).toBe(201);
    const refused = await register(ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY_REGISTRATIONS);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await register(randomIp())).status).toBe(201);
  });

  it('does not limit the exempt networks (here loopback, as the native launcher sets) per address, but still per account', async () => {
    const local = '127.0.0.1';
    for (let i = 0; i < 4; i++) {
      const res = await new Browser(app, local).post('/api/auth/register', { name: 'Local', email: uniqueEmail('local'), password: 'segredo123' });
      expect(res.status).toBe(201);
    }
    await failOtherAccounts(local, MAX_ACCOUNTS);
    const { me, password } = await registerUser(app);
    expect((await signIn(local, me.email, password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signIn(local, me.email, 'errada123')).status).toBe(401);
    expect((await signIn(local, me.email, password)).status).toBe(429);
  });
});

describe('sign-in limits with the default settings', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await bootApp());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('after 50 accounts failed from an address, an untouched account signs in from it after a delay of at most 2 s', async () => {
    const office = randomIp();
    for (let i = 0; i < 50; i += 10) {
      const batch = Array.from({ length: 10 }, () => new Browser(app, office).post('/api/auth/signin', { email: uniqueEmail('lote'), password: 'x' }));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(401);
    }
    const { me, password } = await registerUser(app);
    const t = performance.now();
    const res = await new Browser(app, office).post('/api/auth/signin', { email: me.email, password });
    const ms = performance.now() - t;
    expect(res.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(2000);
  });

  it('registers 20 accounts from one address in an hour, then refuses', async () => {
    const ip = randomIp();
    const register = () => new Browser(app, ip).post('/api/auth/register', { name: 'Técnico', email: uniqueEmail('vinte'), password: 'segredo123' });
    for (let i = 0; i < 20; i += 5) {
      for (const res of await Promise.all(Array.from({ length: 5 }, register))) expect(res.status).toBe(201);
    }
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY_REGISTRATIONS);
  });
});

describe('rate-limit configuration', () => {
  it.each(['10.0.0.0/33', 'rede', '10.0.0.0/', '::1/129', '10.0.0.0/8/1'])('refuses RATE_LIMIT_EXEMPT_NETWORKS=%s naming the variable', (value) => {
    expect(() => loadAuthConfig({ ...process.env, RATE_LIMIT_EXEMPT_NETWORKS: value })).toThrow(/RATE_LIMIT_EXEMPT_NETWORKS/);
  });

  it('accepts addresses and networks of both families, and an empty list', () => {
    expect(loadAuthConfig({ ...process.env, RATE_LIMIT_EXEMPT_NETWORKS: ' 192.168.0.0/16, 203.0.113.7 ,fd00::/8 ' }).RATE_LIMIT_EXEMPT_NETWORKS).toEqual([
      { address: '192.168.0.0', prefix: 16, type: 'ipv4' },
      { address: '203.0.113.7', prefix: 32, type: 'ipv4' },
      { address: 'fd00::', prefix: 8, type: 'ipv6' },
    ]);
    expect(loadAuthConfig({ ...process.env, RATE_LIMIT_EXEMPT_NETWORKS: '' }).RATE_LIMIT_EXEMPT_NETWORKS).toEqual([]);
  });
});

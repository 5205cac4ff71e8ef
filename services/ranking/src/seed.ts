import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { DataSource } from 'typeorm';
import { ActivityRepository } from './activity/activity.repository';
import { ActivityService } from './activity/activity.service';
import { loadRankingConfig, RankingConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { addDays, saoPauloDay } from './shared/sao-paulo-time';

interface DemoUser {
  id: string;
  name: string;
  email: string;
  /** Consecutive active days ending `endsDaysAgo` days before today. */
  streak: number;
  endsDaysAgo: number;
  /** Older, scattered active days (days ago). */
  older: number[];
  /** Minutes online on each active day. */
  minutes: number;
}

/**
 * A believable board of technicians. The first six are the auth service's demo accounts ('email_1' … 'email_6',
 * whose user.upserted events later confirm the names); the others exist only in the ranking, with 'demo_<n>' ids
 * the auth service never hands out (it assigns 'email_<n>' and 'google_<sub>'), so a technician who registers later
 * never inherits a demo history. The activity is replayed through the same rules the worker applies, so every
 * total, streak and badge is one the product could really have produced.
 */
export const DEMO_USERS: DemoUser[] = [
  // the auth service's demo accounts, in its creation order
  { id: 'email_1', name: 'Técnico Demo', email: 'demo@climapro.com.br', streak: 12, endsDaysAgo: 0, older: [15, 16, 17, 18, 19, 20, 21, 25, 26, 30], minutes: 95 },
  { id: 'email_2', name: 'Carlos Eduardo Souza', email: 'carlos.souza@climapro.com.br', streak: 34, endsDaysAgo: 0, older: [40, 41, 43, 47], minutes: 75 },
  { id: 'email_3', name: 'Mariana Oliveira', email: 'mariana.oliveira@climapro.com.br', streak: 2, endsDaysAgo: 1, older: [6], minutes: 15 },
  { id: 'email_4', name: 'João Pedro Albuquerque', email: 'joao.albuquerque@climapro.com.br', streak: 3, endsDaysAgo: 5, older: [], minutes: 20 },
  { id: 'email_5', name: 'Ana Paula Ribeiro', email: 'ana.ribeiro@climapro.com.br', streak: 45, endsDaysAgo: 0, older: [], minutes: 135 },
  { id: 'email_6', name: 'Gestora Demo', email: 'gestora@climapro.com.br', streak: 1, endsDaysAgo: 2, older: [], minutes: 12 },
  // more technicians, so the board looks lived in
  { id: 'demo_7', name: 'Roberto Carlos Mendes', email: 'roberto.mendes@climapro.com.br', streak: 5, endsDaysAgo: 0, older: [9, 10, 11, 18, 19, 24], minutes: 40 },
  { id: 'demo_8', name: 'Marcos Vinícius Alves', email: 'marcos.alves@climapro.com.br', streak: 3, endsDaysAgo: 2, older: [7, 8, 14, 21], minutes: 55 },
  { id: 'demo_9', name: 'Juliana Santos', email: 'juliana.santos@climapro.com.br', streak: 7, endsDaysAgo: 3, older: [12, 13], minutes: 30 },
  { id: 'demo_10', name: 'Paulo Henrique Rocha', email: 'paulo.rocha@climapro.com.br', streak: 2, endsDaysAgo: 0, older: [5, 9, 16, 23, 30], minutes: 45 },
  { id: 'demo_11', name: 'Luciana Martins', email: 'luciana.martins@climapro.com.br', streak: 4, endsDaysAgo: 1, older: [8, 15], minutes: 25 },
  { id: 'demo_12', name: 'Ricardo Gomes', email: 'ricardo.gomes@climapro.com.br', streak: 1, endsDaysAgo: 0, older: [3, 6, 10, 13, 17], minutes: 35 },
  { id: 'demo_13', name: 'João Batista Lima', email: 'joao.lima@climapro.com.br', streak: 8, endsDaysAgo: 1, older: [12, 13, 14, 20, 22, 28], minutes: 60 },
  { id: 'demo_14', name: 'Sandra Nogueira', email: 'sandra.nogueira@climapro.com.br', streak: 1, endsDaysAgo: 4, older: [11], minutes: 18 },
  { id: 'demo_15', name: 'Beatriz Costa', email: 'beatriz.costa@climapro.com.br', streak: 1, endsDaysAgo: 0, older: [], minutes: 5 },
];

const DAY_MS = 86_400_000;

async function replay(activity: ActivityService, u: DemoUser, now: number, index: number): Promise<void> {
  const days = [...Array.from({ length: u.streak }, (_, i) => u.endsDaysAgo + i), ...u.older].sort((a, b) => b - a);
  for (const ago of days) {
    // on the São Paulo day `ago` days back (UTC−3): an evening session (19h local), today a morning one (7h),
    // or earlier today so that it is already over
    const day = addDays(saoPauloDay(new Date(now)), -ago);
    const base = Date.parse(`${day}T${ago === 0 ? '10' : '22'}:${String((index * 7) % 50).padStart(2, '0')}:00Z`);
    const start = Math.min(base, now - (u.minutes + 5) * 60_000);
    await activity.applySignIn(u.id, new Date(start - 60_000));
    // `minutes` of study (a lesson video playing), as its heartbeats every 30 s would count
    await activity.applyStudySpan(u.id, new Date(start), new Date(start + u.minutes * 60_000));
  }
}

/** Inserts the demo board, only when the ranking has no data yet. */
export async function seed(ds: DataSource, log: { info(obj: object, msg: string): void }, config: RankingConfig = loadRankingConfig()): Promise<void> {
  const [{ any }] = await ds.query(`SELECT EXISTS (SELECT 1 FROM ranking.user_stats) OR EXISTS (SELECT 1 FROM ranking.user_profiles) AS any`);
  if (any) {
    log.info({}, 'ranking: data present, demo board not inserted');
    return;
  }
  // the history reaches back ~7 weeks: its study time is replayed with the detail window open that far
  const activity = new ActivityService(new ActivityRepository(ds), { ...config, RANKING_DETAIL_RETENTION_DAYS: 60 });
  const now = Date.now();
  for (const u of DEMO_USERS) await activity.upsertProfile(u.id, u.email, u.name, new Date(now - 60 * DAY_MS));
  await Promise.all(DEMO_USERS.map((u, i) => replay(activity, u, now, i)));
  log.info({ users: DEMO_USERS.length }, 'ranking: demo board inserted (the worker rebuilds the Redis board at start)');
}

/**
 * Whether the demo data goes in, decided as auth decides for its demo users ('email_1' … 'email_6'):
 * SEED_DEMO_USERS (its config) when set, otherwise everywhere but production. In production auth creates no demo users,
 * so the first people to register get those very ids: demo rows for them would hand a real person
 * someone else's points and history.
 */
function seedsDemo(seedDemoUsers: boolean | undefined): boolean {
  return seedDemoUsers ?? process.env.NODE_ENV !== 'production';
}

async function main(): Promise<void> {
  const config = loadRankingConfig();
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 16 }));
  await ds.initialize();
  try {
    if (!seedsDemo(config.SEED_DEMO_USERS)) {
      rootLogger('ranking', config.LOG_LEVEL).info('ranking: demo board not inserted (production without SEED_DEMO_USERS)');
      return;
    }
    await seed(ds, rootLogger('ranking', config.LOG_LEVEL), config);
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);

import { queryOne } from '@clima/common';
import type { EntityManager } from 'typeorm';

interface DemoReply {
  author: string;
  instructor?: boolean;
  body: string;
  /** Marked by the asker as the answer. */
  accepted?: boolean;
}

interface DemoQuestion {
  lesson: string;
  asker: string;
  body: string;
  /** How long ago it was asked, in hours. */
  hoursAgo: number;
  replies: DemoReply[];
}

const INSTRUCTOR = 'Equipe Clima Pro';

/**
 * 'Dúvidas' of the demo lessons: fictional technicians (no account: `user_id` null, only the name shown), a few
 * answered by the instructors, one answered by another technician, two still waiting ('Dúvidas sem resposta').
 */
export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    lesson: 'Vacuômetro em mícrons: como interpretar',
    asker: 'Rodrigo Matos',
    body: 'Cheguei a 350 mícrons, fechei o registro e em 10 minutos subiu para 1.400 e estabilizou. É vazamento ou umidade?',
    hoursAgo: 72,
    replies: [
      {
        author: INSTRUCTOR,
        instructor: true,
        accepted: true,
        body: 'Se subiu e estabilizou, o mais provável é umidade evaporando (um vazamento faria a leitura continuar subindo sem parar). Volte a puxar vácuo por mais tempo, aqueça levemente as linhas se estiver frio e repita o teste de decaimento: o ideal é ficar abaixo de 500 mícrons e não passar de uns 1.000 em 10 minutos.',
      },
      { author: 'Carlos Eduardo Souza', body: 'Aconteceu comigo numa obra recém-chovida. Troquei o óleo da bomba e resolveu na segunda tentativa.' },
    ],
  },
  {
    lesson: 'Carga por superaquecimento e subresfriamento',
    asker: 'Fernanda Lopes',
    body: 'Em split inverter dá para fazer a carga pelo superaquecimento? O compressor fica mudando de rotação e a leitura não para.',
    hoursAgo: 50,
    replies: [
      {
        author: INSTRUCTOR,
        instructor: true,
        accepted: true,
        body: 'No inverter, prefira a carga por peso (carga de fábrica mais o adicional por metro de linha). Se precisar conferir, coloque o aparelho no modo de teste ou de carga (muitos fabricantes têm um modo que fixa a frequência) e só então meça superaquecimento e subresfriamento, conforme a tabela do fabricante.',
      },
    ],
  },
  {
    lesson: 'Propriedades do R-410A e do R-32',
    asker: 'Thiago Nascimento',
    body: 'Posso completar a carga de um aparelho de R-410A com R-32? O cliente quer economizar.',
    hoursAgo: 30,
    replies: [
      {
        author: 'Paulo Henrique Dias',
        accepted: true,
        body: 'Não pode. O R-410A é uma mistura e o R-32 é outro fluido, com pressões e óleo diferentes. Misturar estraga a carga e tira a garantia. O certo é recolher, fazer vácuo e carregar por peso com o fluido da etiqueta.',
      },
    ],
  },
  {
    lesson: 'Teste de decaimento',
    asker: 'Luciana Martins',
    body: 'Quanto tempo devo deixar o teste de decaimento em uma instalação com 15 metros de linha?',
    hoursAgo: 20,
    replies: [],
  },
  {
    lesson: 'Métodos de detecção: espuma, eletrônico e nitrogênio',
    asker: 'André Figueiredo',
    body: 'Qual pressão de nitrogênio vocês usam para o teste de estanqueidade em split de 12.000 BTU/h? Tenho medo de passar do limite da condensadora.',
    hoursAgo: 6,
    replies: [{ author: 'Carlos Eduardo Souza', body: 'Eu uso em torno de 300 psi, mas confira sempre a pressão de teste indicada no manual do fabricante.' }],
  },
];

/** Inserts the demo questions on the demo lessons (called by the demo seed, in its transaction). */
export async function seedDemoQuestions(m: EntityManager): Promise<number> {
  let n = 0;
  for (const q of DEMO_QUESTIONS) {
    const lesson = await queryOne<{ id: number }>(m, `SELECT id FROM courses.lesson WHERE title = $1 ORDER BY id LIMIT 1`, [q.lesson]);
    if (!lesson) continue;
    const created = await queryOne<{ id: number }>(
      m,
      `INSERT INTO courses.lesson_question (lesson_id, user_id, author_name, body, created_at) VALUES ($1, NULL, $2, $3, now() - make_interval(hours => $4)) RETURNING id`,
      [lesson.id, q.asker, q.body, q.hoursAgo],
    );
    for (const [i, r] of q.replies.entries()) {
      const reply = await queryOne<{ id: number }>(
        m,
        `INSERT INTO courses.lesson_question_reply (question_id, author_name, is_instructor, body, created_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(hours => $5)) RETURNING id`,
        [created!.id, r.author, !!r.instructor, r.body, q.hoursAgo - (i + 1) * 2],
      );
      if (r.accepted) await m.query(`UPDATE courses.lesson_question SET accepted_reply_id = $2 WHERE id = $1`, [created!.id, reply!.id]);
    }
    n++;
  }
  return n;
}

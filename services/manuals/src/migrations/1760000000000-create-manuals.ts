import { MigrationInterface, QueryRunner } from 'typeorm';

const TYPES = ['user_manual', 'installation', 'service', 'parts', 'troubleshooting', 'technical'];

/** Manufacturers, their models, manuals and the record of who downloaded what. */
export class CreateManuals1760000000000 implements MigrationInterface {
  name = 'CreateManuals1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE manuals.manufacturers (
        id serial PRIMARY KEY,
        name varchar(120) NOT NULL,
        slug varchar(140) NOT NULL,
        logo_url varchar(2048),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT manufacturers_slug_key UNIQUE (slug)
      )`);
    await q.query(`CREATE INDEX manufacturers_name_key ON manuals.manufacturers (public.f_unaccent(lower(name)))`);

    await q.query(`
      CREATE TABLE manuals.models (
        id serial PRIMARY KEY,
        manufacturer_id integer NOT NULL REFERENCES manuals.manufacturers (id) ON DELETE CASCADE,
        name varchar(120) NOT NULL,
        slug varchar(140) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT models_manufacturer_slug_key UNIQUE (manufacturer_id, slug),
        -- target of the manuals' composite key: a manual's model belongs to its manufacturer
        CONSTRAINT models_id_manufacturer_key UNIQUE (id, manufacturer_id)
      )`);
    await q.query(`CREATE INDEX models_slug_idx ON manuals.models (slug)`);

    await q.query(`
      CREATE TABLE manuals.manuals (
        id serial PRIMARY KEY,
        title varchar(255) NOT NULL,
        description text,
        manufacturer_id integer NOT NULL REFERENCES manuals.manufacturers (id) ON DELETE RESTRICT,
        model_id integer NOT NULL,
        manual_type varchar(32) NOT NULL CHECK (manual_type IN (${TYPES.map((t) => `'${t}'`).join(', ')})),
        file_url varchar(2048),
        file_size bigint CHECK (file_size IS NULL OR file_size >= 0),
        external_url varchar(2048),
        is_published boolean NOT NULL DEFAULT true,
        download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT manuals_model_fk FOREIGN KEY (model_id, manufacturer_id)
          REFERENCES manuals.models (id, manufacturer_id) ON DELETE RESTRICT
      )`);
    await q.query(`CREATE INDEX manuals_published_created_idx ON manuals.manuals (is_published, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX manuals_created_idx ON manuals.manuals (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX manuals_manufacturer_idx ON manuals.manuals (manufacturer_id)`);
    await q.query(`CREATE INDEX manuals_model_idx ON manuals.manuals (model_id)`);
    await q.query(`CREATE INDEX manuals_type_idx ON manuals.manuals (manual_type)`);
    await q.query(`CREATE INDEX manuals_file_url_idx ON manuals.manuals (file_url) WHERE file_url IS NOT NULL`);

    await q.query(`
      CREATE TABLE manuals.downloads (
        id bigserial PRIMARY KEY,
        manual_id integer NOT NULL REFERENCES manuals.manuals (id) ON DELETE CASCADE,
        user_id varchar(128) NOT NULL,
        downloaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX downloads_manual_idx ON manuals.downloads (manual_id)`);
    await q.query(`CREATE INDEX downloads_user_idx ON manuals.downloads (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS manuals.downloads`);
    await q.query(`DROP TABLE IF EXISTS manuals.manuals`);
    await q.query(`DROP TABLE IF EXISTS manuals.models`);
    await q.query(`DROP TABLE IF EXISTS manuals.manufacturers`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Categories, contents, per-user daily views, the daily views figure and uploaded videos. */
export class CatalogInit1763900000000 implements MigrationInterface {
  name = 'CatalogInit1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await q.query(`
      CREATE TABLE catalog.categories (
        id serial PRIMARY KEY,
        name varchar(120) NOT NULL,
        slug varchar(120) NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT categories_slug_key UNIQUE (slug),
        CONSTRAINT categories_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
      )`);
    await q.query(`
      CREATE TABLE catalog.contents (
        id serial PRIMARY KEY,
        title varchar(255) NOT NULL,
        description text,
        category_id integer REFERENCES catalog.categories (id) ON DELETE SET NULL,
        tags text NOT NULL DEFAULT '[]',
        video_url text,
        video_file_url text,
        video_orientation varchar(10) NOT NULL DEFAULT 'horizontal' CHECK (video_orientation IN ('horizontal', 'vertical')),
        is_published smallint NOT NULL DEFAULT 0 CHECK (is_published IN (0, 1)),
        views_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- what the accent- and case-insensitive search looks in: title, description and tags
        search_text text GENERATED ALWAYS AS (public.f_unaccent(lower(title || ' ' || coalesce(description, '') || ' ' || tags))) STORED
      )`);
    await q.query(`CREATE INDEX contents_published_created_idx ON catalog.contents (is_published, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX contents_created_idx ON catalog.contents (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX contents_category_idx ON catalog.contents (category_id)`);
    await q.query(`CREATE INDEX contents_views_idx ON catalog.contents (views_count DESC, id)`);
    await q.query(`CREATE INDEX contents_search_trgm_idx ON catalog.contents USING gin (search_text public.gin_trgm_ops)`);
    // one row per user, content and São Paulo day: what makes a view count at most once a day
    await q.query(`
      CREATE TABLE catalog.content_views (
        content_id integer NOT NULL REFERENCES catalog.contents (id) ON DELETE CASCADE,
        user_id varchar(128) NOT NULL,
        day date NOT NULL,
        viewed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (content_id, user_id, day)
      )`);
    await q.query(`CREATE INDEX content_views_user_idx ON catalog.content_views (user_id)`);
    // the admin Views chart: counted views per São Paulo day (kept when contents or users go away)
    await q.query(`
      CREATE TABLE catalog.daily_views (
        day date PRIMARY KEY,
        views integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE catalog.video_uploads (
        name varchar(64) PRIMARY KEY,
        content_type varchar(64) NOT NULL,
        size_bytes bigint NOT NULL,
        uploaded_by varchar(160),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS catalog.video_uploads`);
    await q.query(`DROP TABLE IF EXISTS catalog.daily_views`);
    await q.query(`DROP TABLE IF EXISTS catalog.content_views`);
    await q.query(`DROP TABLE IF EXISTS catalog.contents`);
    await q.query(`DROP TABLE IF EXISTS catalog.categories`);
  }
}

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../..');
export const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');

/** Every variable docker-compose.yml requires (`${VAR:?…}`), with values an operator could put in .env. */
export const REQUIRED_COMPOSE_ENV = {
  POSTGRES_PASSWORD: 'pg-compose-spec-2f9c1a7e',
  MINIO_ROOT_USER: 'clima-compose-spec',
  MINIO_ROOT_PASSWORD: 'minio-compose-spec-8d03b6',
  S3_PUBLIC_ENDPOINT: 'https://files.clima.example.com',
  ADMIN_PASSWORD: 'admin-compose-spec-51ae',
  METRICS_TOKEN: 'metrics-compose-spec-0c4f2e9b7a',
  IDENTITY_PRIVATE_KEY: '{"kty":"OKP","crv":"Ed25519","kid":"compose-spec","x":"x","d":"d"}',
  IDENTITY_PUBLIC_KEYS: '[{"kty":"OKP","crv":"Ed25519","kid":"compose-spec","x":"x"}]',
  GATEWAY_TOKEN: 'gateway-compose-spec-5b8e0d2c41f7a9e3',
  SMTP_URL: 'smtps://clima:smtp-compose-spec-77d1@smtp.clima.example.com:465',
  MAIL_FROM: 'Clima Pro <nao-responda@clima.example.com>',
} as const;

export interface Rendered {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/**
 * `docker-compose config` with only `vars` set, from an env file in a temporary folder: neither this
 * process's environment nor a developer's .env beside the compose file takes part.
 */
export function renderCompose(vars: Record<string, string>, args: string[] = []): Rendered {
  const dir = mkdtempSync(join(tmpdir(), 'clima-compose-'));
  try {
    const envFile = join(dir, 'compose.env');
    writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}=${v}\n`).join(''));
    const r = spawnSync('docker-compose', ['--env-file', envFile, '-f', COMPOSE_FILE, 'config', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
    });
    if (r.error) throw r.error;
    return { ok: r.status === 0, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ResolvedService {
  environment?: Record<string, string>;
  ports?: unknown[];
}

/**
 * The compose file as docker-compose resolves it, as data. Read with PyYAML, which Debian's
 * docker-compose is itself written with (a dependency of the package), so no YAML parser is added here.
 */
export function resolvedCompose(vars: Record<string, string>): { services: Record<string, ResolvedService> } {
  const r = renderCompose(vars);
  if (!r.ok) throw new Error(`docker-compose config falhou:\n${r.stderr}`);
  const json = execFileSync('python3', ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], { input: r.stdout, encoding: 'utf8' });
  return JSON.parse(json) as { services: Record<string, ResolvedService> };
}

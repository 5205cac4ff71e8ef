/** Types of infra/platform.cjs for the TypeScript callers (tests). */
export interface Platform {
  url: string;
  credentials: { adminUsername: string; adminPassword: string | null; created: boolean } | null;
  stop(): Promise<void>;
  services: string[];
  env: Record<string, string>;
  logDir: string;
  ports: Record<string, number>;
  children: (import('node:child_process').ChildProcess & { name: string })[];
  /** Where the platform's mail goes; webUrl is the embedded MailDev's inbox and REST API (null with an external SMTP_URL). */
  mail: { smtpUrl: string; webUrl: string | null };
}
export function startPlatform(options?: { env?: Record<string, string>; install?: boolean; build?: boolean; migrate?: boolean; seed?: boolean; logDir?: string }): Promise<Platform>;
/** Removes every Redis key that starts with `prefix`. */
export function deleteKeys(redisUrl: string, prefix: string): Promise<void>;
export function testPlatformEnv(extra?: Record<string, string>): Promise<Record<string, string>>;
export function newIdentityKeys(kid?: string): { IDENTITY_PRIVATE_KEY: string; IDENTITY_PUBLIC_KEYS: string };
export function mailDevArgs(smtpPort: number | string, webPort: number | string): string[];
/**
 * n distinct ports free now and promised to no other caller on this machine for 15 minutes; from `range`
 * (default 20000 up to the kernel's ephemeral range), promised by files in `dir` (default clima-ports in the temporary folder).
 */
export function freePorts(n: number, options?: { range?: [number, number]; dir?: string }): Promise<number[]>;
/** true once the URL answers 200; false after `ms`, or as soon as `child` (the process that should answer) has ended. */
export function waitHealthy(url: string, ms: number, child?: import('node:child_process').ChildProcess): Promise<boolean>;
export function build(): void;
export function tsProjects(): string[];
export const ROOT: string;
export const SERVICES: string[];

import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { redisOptions } from '../database/redis';
import type { ServiceName } from '../config/config';

/**
 * Patterns of the service-to-service queries (over Redis with @nestjs/microservices). The deployment's
 * key prefix is part of the pattern, so two deployments (or test runs) on one Redis never cross.
 */
export const rpcPattern = (service: ServiceName, query: string) => `${process.env.KEY_PREFIX || 'clima'}.${service}.${query}`;
export const statsPattern = (service: ServiceName) => rpcPattern(service, 'stats');

export function rpcTransport(redisUrl: string) {
  const o = redisOptions(redisUrl);
  return {
    transport: Transport.REDIS as const,
    options: { host: o.host, port: o.port, username: o.username, password: o.password, db: o.db, tls: o.tls, retryAttempts: 1_000_000, retryDelay: 1000 },
  };
}

export function createRpcClient(redisUrl: string): ClientProxy {
  return ClientProxyFactory.create(rpcTransport(redisUrl));
}

/** Asks one service; resolves to null (and never throws) when it does not answer in time. */
export async function ask<T>(client: ClientProxy, pattern: string, data: unknown, timeoutMs: number): Promise<T | null> {
  try {
    return await firstValueFrom(client.send<T>(pattern, data ?? {}).pipe(timeout(timeoutMs)));
  } catch {
    return null;
  }
}

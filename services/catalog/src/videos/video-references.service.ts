import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ask, CONFIG, createRpcClient, rootLogger, rpcPattern } from '@clima/common';
import { VIDEO_REFERENCES_QUERY, VideoReferencesAnswer } from '@clima/contract';
import type { CatalogConfig } from '../config';

/**
 * SQL condition: a content (alias `c`) references the upload named by `nameSql`. Upload names are
 * random 32-hex names, so finding one inside the uploaded-file address or the link is a reference,
 * whether it was saved as a site path or as a full URL.
 */
export const contentReferencesUpload = (nameSql: string) =>
  `strpos(coalesce(c.video_file_url, '') || ' ' || coalesce(c.video_url, ''), ${nameSql}) > 0`;

/**
 * Who references an uploaded video. Contents live in this schema; courses point at the same uploads
 * (the lesson form shares the upload endpoint), and only the courses service can say which, so it is
 * asked over Redis with RPC_TIMEOUT_MS.
 */
@Injectable()
export class VideoReferencesService implements OnModuleInit, OnApplicationShutdown {
  private readonly log = rootLogger().child({ component: 'video-references' });
  private readonly client: ClientProxy;
  private readonly timeoutMs: number;

  constructor(@Inject(CONFIG) config: CatalogConfig) {
    this.client = createRpcClient(config.REDIS_URL);
    this.timeoutMs = config.RPC_TIMEOUT_MS;
  }

  onModuleInit(): void {
    // connect ahead of the first question; a failure here is retried on the first ask
    this.client.connect().catch((err: unknown) => this.log.warn({ err }, 'RPC client not connected yet'));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.resolve(this.client.close()).catch(() => undefined);
  }

  /**
   * The names among `names` that a course references (a published one with `publishedOnly`), or null
   * when the courses service did not answer in time: the caller must then decide nothing.
   */
  async referencedByCourses(names: string[], publishedOnly: boolean): Promise<Set<string> | null> {
    if (!names.length) return new Set();
    const answer = await ask<unknown>(
      this.client,
      rpcPattern('courses', VIDEO_REFERENCES_QUERY),
      { names, published_only: publishedOnly },
      this.timeoutMs,
    );
    const parsed = VideoReferencesAnswer.safeParse(answer);
    return parsed.success ? new Set(parsed.data.referenced) : null;
  }
}

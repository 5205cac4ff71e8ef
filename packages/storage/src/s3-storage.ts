import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3StorageConfig } from './config';
import { assertSafeKey, ByteRange, contentDisposition, HttpResponse, ObjectStream, PutOptions, ServeOptions, Storage, StoredObject } from './storage';

/**
 * Multipart part size: the smallest S3 accepts (every part but the last must have at least 5 MiB). A file
 * of at most one part is written in one PUT.
 */
export const PART_SIZE = 5 * 1024 * 1024;
/**
 * Parts sent at once. An upload holds PARTS_IN_FLIGHT + 1 part buffers at most (the others being sent
 * while one fills), reused from part to part and from one upload to the next: 10 MiB of a file in memory,
 * however large it is. One
 * part on its way while the next fills keeps the request and the store both busy; a second one in flight
 * added 5 MiB to the process's peak for no measurable gain on a single upload (bench/upload-memory.ts).
 */
export const PARTS_IN_FLIGHT = 1;

function s3Client(config: S3StorageConfig, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // S3-compatible stores (MinIO, test servers) do not all speak the newer default checksums
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/** Objects in one bucket of an S3-protocol store (AWS S3, MinIO, …). */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  /** Signs the URLs browsers follow; its endpoint may differ from the one the service uses. */
  private readonly signer: S3Client;
  /**
   * Part buffers of finished uploads (PARTS_IN_FLIGHT + 1 at most), for the next one. Dropped instead, they
   * outlived many young-generation collections and waited, dead, for a full one: the 10 MiB of each upload
   * stayed in the process at rest (20 MB after two uploads, bench/upload-memory.ts).
   */
  private readonly idleParts: Buffer[] = [];

  constructor(readonly config: S3StorageConfig) {
    this.client = s3Client(config, config.endpoint);
    this.signer = config.publicEndpoint ? s3Client(config, config.publicEndpoint) : this.client;
  }

  /**
   * Copies the stream into part buffers and sends each full one as a part while the next fills; reading
   * waits while PARTS_IN_FLIGHT parts are on their way, so memory stays bounded whatever the stream's
   * speed. A failure (of the stream: size limit, wrong type; or of the store) aborts the multipart
   * upload, so no part is left behind.
   */
  async put(key: string, body: Readable, opts: PutOptions): Promise<StoredObject> {
    assertSafeKey(key);
    const Bucket = this.config.bucket;
    const spare: Buffer[] = [];
    const sending = new Set<Promise<void>>();
    const parts: CompletedPart[] = [];
    let failure: unknown = null;
    let uploadId: string | undefined;
    const newPart = () => this.idleParts.pop() ?? Buffer.allocUnsafe(PART_SIZE);
    let part: Buffer = newPart();
    let filled = 0;
    let size = 0;

    const send = async (buffer: Buffer, length: number) => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: opts.contentType }))).UploadId;
      while (sending.size >= PARTS_IN_FLIGHT) await Promise.race(sending);
      if (failure) throw failure;
      const PartNumber = parts.length + 1;
      parts.push({ PartNumber });
      const sent = this.client
        .send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: buffer.subarray(0, length), ContentLength: length }))
        .then(
          (answer) => {
            parts[PartNumber - 1]!.ETag = answer.ETag;
            spare.push(buffer);
          },
          (err: unknown) => {
            failure ??= err;
          },
        )
        .finally(() => sending.delete(sent));
      sending.add(sent);
    };

    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        for (let at = 0; at < chunk.length; ) {
          const n = chunk.copy(part, filled, at);
          filled += n;
          at += n;
          if (filled === PART_SIZE) {
            await send(part, filled);
            part = spare.pop() ?? newPart();
            filled = 0;
          }
        }
      }
      if (uploadId === undefined) {
        await this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: part.subarray(0, filled), ContentLength: filled, ContentType: opts.contentType }));
      } else {
        if (filled > 0) await send(part, filled);
        await Promise.all(sending);
        if (failure) throw failure;
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
    } catch (err) {
      await Promise.all(sending);
      if (uploadId !== undefined) await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      // a small object may already have been written in one PUT before the stream failed
      await this.delete(key).catch(() => undefined);
      throw err;
    } finally {
      // every part sent has settled here: the buffers are free (a failed part's is left to the collector)
      for (const buffer of [part, ...spare]) if (this.idleParts.length <= PARTS_IN_FLIGHT && !this.idleParts.includes(buffer)) this.idleParts.push(buffer);
    }
    return { key, size };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async stream(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const length = out.ContentLength ?? 0;
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : length;
      const start = range && out.ContentRange ? Number(/bytes (\d+)-/.exec(out.ContentRange)?.[1] ?? 0) : 0;
      return { body: out.Body as Readable, size: total, start, end: start + length - 1 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async location(key: string): Promise<string | null> {
    if (!(await this.stat(key))) return null;
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.config.bucket, Key: key }), { expiresIn: this.config.urlTtlSeconds });
  }

  /** The store serves the bytes (with ranges) from a presigned URL that expires soon. */
  async serve(res: HttpResponse, key: string, opts: ServeOptions): Promise<void> {
    assertSafeKey(key);
    const url = await getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        ResponseContentType: opts.contentType,
        ResponseContentDisposition: contentDisposition(opts.downloadName ? 'attachment' : 'inline', opts.downloadName),
      }),
      { expiresIn: this.config.urlTtlSeconds },
    );
    res.header('Cache-Control', 'private, no-store');
    res.redirect(url, 302);
  }
}

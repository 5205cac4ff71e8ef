import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { pipeline, Readable, Transform } from 'node:stream';
import type { S3StorageConfig } from './config';
import { assertSafeKey, ByteRange, contentDisposition, HttpResponse, ObjectStream, PutOptions, ServeOptions, Storage, StoredObject } from './storage';

/** Multipart part size and parallelism: at most PART_SIZE × QUEUE_SIZE bytes of an upload are in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 3;

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

  constructor(readonly config: S3StorageConfig) {
    this.client = s3Client(config, config.endpoint);
    this.signer = config.publicEndpoint ? s3Client(config, config.publicEndpoint) : this.client;
  }

  async put(key: string, body: Readable, opts: PutOptions): Promise<StoredObject> {
    assertSafeKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // pipeline forwards a failure of the source (size limit, wrong type) to what the upload reads
    pipeline(body, counted, () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: counted, ContentType: opts.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // a failed multipart upload is aborted, so no parts are left behind
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // a small object may already have been written in one PUT before the stream failed
      await this.delete(key).catch(() => undefined);
      throw err;
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
    res.setHeader('Cache-Control', 'private, no-store');
    res.redirect(302, url);
  }
}

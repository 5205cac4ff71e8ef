import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { type AdminIdentity, Audited, auditRecordId, CurrentAdmin, CurrentIdentity, type HttpReply, type HttpRequest, type Identity, zod } from '@clima/common';
import { CaptionsBody, type VideoProcessing, VideoProcessingQuery, type VideoStreams, type VideoUploadAnswer } from '@clima/contract';
import type { z } from 'zod';
import { VideosService } from './videos.service';

@Controller('api')
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  /** POST /api/admin/upload-video: multipart field `video`, streamed to the storage. */
  @Post('admin/upload-video')
  @Audited({ entity: 'videos', action: 'upload' })
  @HttpCode(201)
  upload(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply, @CurrentAdmin() admin: AdminIdentity): Promise<VideoUploadAnswer> {
    return this.videos.upload(req.raw, admin.id, res.raw);
  }

  /**
   * GET /api/files/videos/:name: for active subscribers, only files a published content or course shows;
   * an end user with the administrator flag previews any upload. The bytes (and ranges) come from nginx or S3.
   */
  @Get('files/videos/:name')
  serve(@Param('name') name: string, @CurrentIdentity() identity: Identity, @Res() res: HttpReply): Promise<void> {
    return this.videos.serve(name, res, identity.admin ? 'admin' : 'subscriber');
  }

  // ---- video for the field (issue 28): HLS, poster, offline copy, captions ----

  /** GET /api/videos/:name/streams: what the player may use besides the original (by the original's rule). */
  @Get('videos/:name/streams')
  streams(@Param('name') name: string, @CurrentIdentity() identity: Identity): Promise<VideoStreams> {
    return this.videos.streams(name, identity.admin ? 'admin' : 'subscriber');
  }

  /** GET /api/files/videos/:name/:file: playlists and segments of the HLS ladder, poster, offline MP4, captions. */
  @Get('files/videos/:name/:file')
  async serveDerived(@Param('name') name: string, @Param('file') file: string, @CurrentIdentity() identity: Identity, @Res() res: HttpReply): Promise<void> {
    const answer = await this.videos.serveDerived(name, file, identity.admin ? 'admin' : 'subscriber');
    if ('serve' in answer) return answer.serve(res);
    if ('stream' in answer) {
      await res.code(200).header('Content-Type', answer.contentType).header('Content-Length', answer.size).header('Cache-Control', 'private, max-age=300').send(answer.stream);
      return;
    }
    await res.code(200).header('Content-Type', answer.contentType).header('Cache-Control', 'private, max-age=60').send(answer.text);
  }

  /** GET /api/admin/videos?names=a,b: 'Processando vídeo… N%', 'Falha' or ready, for the admin's lists and forms. */
  @Get('admin/videos')
  processing(@Query(zod(VideoProcessingQuery)) q: z.infer<typeof VideoProcessingQuery>): Promise<VideoProcessing[]> {
    return this.videos.processing(q.names);
  }

  /** PUT /api/admin/videos/:name/captions: 'Legendas (pt-BR)' (WebVTT text; an empty text removes them). */
  @Put('admin/videos/:name/captions')
  @Audited({ entity: 'videos', action: 'captions' })
  captions(@Param('name') name: string, @Body(zod(CaptionsBody)) body: CaptionsBody): Promise<VideoProcessing> {
    auditRecordId(name);
    return this.videos.setCaptions(name, body.vtt);
  }
}

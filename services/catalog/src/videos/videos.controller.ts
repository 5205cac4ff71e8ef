import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { type AdminIdentity, Audited, CurrentAdmin, CurrentIdentity, type HttpReply, type HttpRequest, type Identity } from '@clima/common';
import type { VideoUploadAnswer } from '@clima/contract';
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
}

import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { Audited, type HttpReply, type HttpRequest } from '@clima/common';
import type { QuizImageUploadAnswer } from '@clima/contract';
import { QuizImagesService } from './quiz-images.service';

/** The images of quiz questions: upload for the editor, serving to subscribers. */
@Controller('api')
export class QuizImagesController {
  constructor(private readonly images: QuizImagesService) {}

  /** Multipart with the field `file`; answers the address to send as the question's image_url. */
  @Post('admin/quiz-images')
  @Audited({ entity: 'quiz-images', action: 'upload' })
  upload(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<QuizImageUploadAnswer> {
    return this.images.upload(req.raw, res.raw);
  }

  @Get('files/quiz-images/:name')
  async serve(@Param('name') name: string, @Res() res: HttpReply): Promise<void> {
    await this.images.serve(res, name);
  }
}

import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { Audited, type HttpReply, type HttpRequest } from '@clima/common';
import { MANUAL_FILE_NAME_RE, MANUAL_FILE_PREFIX, ManualUploadAnswer } from '@clima/contract';
import { downloadFilename } from '../manuals/manual.mapper';
import { ManualsService } from '../manuals/manuals.service';
import { ManualFilesService } from './manual-files.service';
import { manualsError, ManualsError } from '../manuals.errors';

/** PDF upload for the admin form (an alternative to pasting a URL) and the serving of those PDFs. */
@Controller('api')
export class ManualFilesController {
  constructor(
    private readonly files: ManualFilesService,
    private readonly manuals: ManualsService,
  ) {}

  /** Multipart with the field `file`; answers the address to send as file_url. */
  @Post('admin/upload-manual')
  @Audited({ entity: 'manual-files', action: 'upload' })
  upload(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<ManualUploadAnswer> {
    return this.files.upload(req.raw, res.raw);
  }

  /** The PDF of a published manual, for active subscribers only. */
  @Get('files/manuals/:name')
  async serve(@Param('name') name: string, @Res() res: HttpReply): Promise<void> {
    const title = MANUAL_FILE_NAME_RE.test(name) ? await this.manuals.publishedTitleOfFile(`${MANUAL_FILE_PREFIX}${name}`) : null;
    if (title === null) throw manualsError(ManualsError.FileNotFound);
    await this.files.serve(res, name, downloadFilename(title));
  }
}

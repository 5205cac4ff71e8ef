import { StreamableFile } from '@nestjs/common';
import type { CertificateFile } from './certificates.service';

/** The PDF as a download (`Content-Disposition: attachment`). */
export function pdfAttachment(file: CertificateFile): StreamableFile {
  return new StreamableFile(Buffer.from(file.bytes), {
    type: 'application/pdf',
    disposition: `attachment; filename="${file.fileName}"`,
    length: file.bytes.byteLength,
  });
}

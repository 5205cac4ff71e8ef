import { randomBytes } from 'node:crypto';

/** A file that starts like an MP4 (`ftyp` box, brand isom) followed by `size` bytes in total. */
export function mp4Bytes(size: number): Buffer {
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftypisom', 4, 'latin1');
  head.writeUInt32BE(0x200, 12);
  head.write('isomiso2avc1mp41', 16, 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** A file that starts like a WebM (EBML header with DocType webm). */
export function webmBytes(size: number): Buffer {
  const head = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104', 'hex');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** A QuickTime file (`ftyp` brand `qt  `). */
export function movBytes(size: number): Buffer {
  const head = Buffer.alloc(20);
  head.writeUInt32BE(20, 0);
  head.write('ftypqt  ', 4, 'latin1');
  head.write('qt  ', 16, 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

export function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** What a file is, decided from its first bytes (never from its name or the client's content type). */
export type FileKind = 'mp4' | 'mov' | 'webm' | 'mkv' | 'pdf' | 'jpg' | 'png' | 'webp';

export const VIDEO_KINDS: readonly FileKind[] = ['mp4', 'mov', 'webm', 'mkv'];
export const PDF_KINDS: readonly FileKind[] = ['pdf'];
/** Photos and screenshots (a quiz question's image). */
export const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png', 'webp'];

export const KIND_INFO: Record<FileKind, { contentType: string; extension: string }> = {
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  mov: { contentType: 'video/quicktime', extension: 'mov' },
  webm: { contentType: 'video/webm', extension: 'webm' },
  mkv: { contentType: 'video/x-matroska', extension: 'mkv' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  jpg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

/** Bytes needed before `sniff` can decide (shorter files are decided on what there is). */
export const SNIFF_BYTES = 64;

/** ISO base media brands (the `ftyp` box at offset 4) of MP4/M4V files; `qt  ` is QuickTime. */
const MP4_BRANDS = /^(isom|iso[2-9]|mp4[12v]|mp4x|avc1|M4V[ PH]?|M4VP|MSNV|dash|f4v )$/;
const QUICKTIME_BRAND = 'qt  ';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Recognises MP4, MOV, WebM/Matroska and PDF by their signature; anything else is null. */
export function sniff(head: Buffer): FileKind | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const major = head.toString('latin1', 8, 12);
    if (major === QUICKTIME_BRAND) return 'mov';
    if (MP4_BRANDS.test(major)) return 'mp4';
    // compatible brands follow the minor version; some encoders put the usable brand only there
    const boxSize = head.readUInt32BE(0);
    const end = Math.min(head.length, boxSize >= 16 ? boxSize : 16);
    for (let at = 16; at + 4 <= end; at += 4) {
      const brand = head.toString('latin1', at, at + 4);
      if (brand === QUICKTIME_BRAND) return 'mov';
      if (MP4_BRANDS.test(brand)) return 'mp4';
    }
    return null;
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML header; its DocType says whether the Matroska file is a WebM
    return head.subarray(0, SNIFF_BYTES).includes('webm', 0, 'latin1') ? 'webm' : 'mkv';
  }
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

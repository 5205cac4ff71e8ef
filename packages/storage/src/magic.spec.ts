import { sniff } from './magic';
import { movBytes, mp4Bytes, pdfBytes, webmBytes } from './testing/fixtures';

describe('sniff', () => {
  it('recognises MP4, MOV, WebM, Matroska and PDF by their bytes', () => {
    expect(sniff(mp4Bytes(100))).toBe('mp4');
    expect(sniff(movBytes(100))).toBe('mov');
    expect(sniff(webmBytes(100))).toBe('webm');
    const mkv = webmBytes(100);
    mkv.write('matroska', 24, 'latin1');
    expect(sniff(mkv)).toBe('mkv');
    expect(sniff(pdfBytes(100))).toBe('pdf');
  });

  it('recognises JPEG, PNG and WebP photos by their bytes, never an SVG or a GIF', () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toBe('jpeg');
    expect(sniff(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20)]))).toBe('png');
    expect(sniff(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniff(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    // a PNG cut short
    expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('accepts an MP4 whose usable brand is only among the compatible brands', () => {
    const file = mp4Bytes(100);
    file.write('xxxx', 8, 'latin1');
    expect(sniff(file)).toBe('mp4');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(sniff(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniff(Buffer.from('GIF89a...........'))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
    const unknownBrand = mp4Bytes(40);
    unknownBrand.write('heic', 8, 'latin1');
    unknownBrand.fill(0, 16, 32);
    expect(sniff(unknownBrand)).toBeNull();
  });
});

import { parseHostedVideo, playableFileUrl, resolveVideoSource, videoThumbnail, youtubeThumbnailUrl } from './video';

const ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}?rel=0`;

describe('parseHostedVideo', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?feature=share&v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}?controls=0`,
    `  https://www.youtube.com/watch?v=${ID}  `,
    `//www.youtube.com/embed/${ID}`,
  ])('reads the YouTube id of %s', (link) => {
    expect(parseHostedVideo(link)).toEqual({
      provider: 'youtube',
      id: ID,
      embedUrl: EMBED,
      thumbnailUrl: `https://img.youtube.com/vi/${ID}/mqdefault.jpg`,
    });
  });

  it('reads the src of an iframe snippet, double, single or unquoted, with entities', () => {
    const snippets = [
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${ID}" title="YouTube video player" frameborder="0" allowfullscreen></iframe>`,
      `<IFRAME src='https://www.youtube.com/embed/${ID}'></IFRAME>`,
      `<iframe src=https://www.youtube.com/embed/${ID}></iframe>`,
      `<iframe src="https://www.youtube.com/watch?list=x&amp;v=${ID}"></iframe>`,
    ];
    for (const s of snippets) expect(parseHostedVideo(s)?.id).toBe(ID);
  });

  it('keeps a start offset of the link', () => {
    expect(parseHostedVideo(`https://youtu.be/${ID}?t=90`)?.embedUrl).toBe(`${EMBED}&start=90`);
    expect(parseHostedVideo(`https://www.youtube.com/watch?v=${ID}&t=1m30s`)?.embedUrl).toBe(`${EMBED}&start=90`);
    expect(parseHostedVideo(`https://www.youtube.com/embed/${ID}?start=5`)?.embedUrl).toBe(`${EMBED}&start=5`);
    expect(parseHostedVideo(`https://www.youtube.com/watch?v=${ID}&t=abc`)?.embedUrl).toBe(EMBED);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/groups/tecnicos/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/a1b2c3d4e5', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
    ['https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&badge=0', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
    ['<iframe src="https://player.vimeo.com/video/76979871" allow="fullscreen"></iframe>', 'https://player.vimeo.com/video/76979871'],
  ])('reads the Vimeo video of %s', (link, embedUrl) => {
    expect(parseHostedVideo(link)).toEqual({ provider: 'vimeo', id: '76979871', embedUrl, thumbnailUrl: null });
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'não é um link',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/youtube.com/embed/dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/embed/',
    'https://www.youtube.com/channel/UCabcdefghijk',
    'https://vimeo.com/about',
    'https://player.vimeo.com/api/player.js',
    '<script src="https://www.youtube.com/embed/dQw4w9WgXcQ"></script>',
    '<div><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe title="x"></iframe>',
  ])('refuses %p', (source) => {
    expect(parseHostedVideo(source)).toBeNull();
  });

  it('builds the player address from the id only, never from the given text', () => {
    const video = parseHostedVideo(`<iframe src="https://www.youtube.com/embed/${ID}?autoplay=1&onload=x" onload="alert(1)"></iframe>`);
    expect(video?.embedUrl).toBe(EMBED);
  });
});

describe('thumbnails', () => {
  it('uses the medium-quality still of YouTube', () => {
    expect(youtubeThumbnailUrl(ID)).toBe(`https://img.youtube.com/vi/${ID}/mqdefault.jpg`);
    expect(videoThumbnail(`<iframe src="https://www.youtube.com/embed/${ID}"></iframe>`)).toBe(`https://img.youtube.com/vi/${ID}/mqdefault.jpg`);
    expect(videoThumbnail(`https://youtu.be/${ID}`)).toBe(`https://img.youtube.com/vi/${ID}/mqdefault.jpg`);
  });

  it('has none for Vimeo, other hosts and empty sources', () => {
    expect(videoThumbnail('https://vimeo.com/76979871')).toBeNull();
    expect(videoThumbnail('https://example.com/video.mp4')).toBeNull();
    expect(videoThumbnail(null)).toBeNull();
  });
});

describe('resolveVideoSource', () => {
  const file = '/api/files/videos/0123456789abcdef0123456789abcdef.webm';

  it('prefers an allowed hosted video', () => {
    expect(resolveVideoSource({ video_url: `https://youtu.be/${ID}`, video_file_url: file })).toMatchObject({ kind: 'hosted', video: { id: ID } });
  });

  it('falls back to the uploaded file when the link is missing or not allowed', () => {
    expect(resolveVideoSource({ video_url: null, video_file_url: file })).toEqual({ kind: 'file', url: file });
    expect(resolveVideoSource({ video_url: 'https://example.com/x', video_file_url: file })).toEqual({ kind: 'file', url: file });
    expect(resolveVideoSource({ video_file_url: 'https://cdn.example.com/v.mp4' })).toEqual({ kind: 'file', url: 'https://cdn.example.com/v.mp4' });
  });

  it('has nothing to play without a usable source', () => {
    expect(resolveVideoSource({ video_url: null, video_file_url: null })).toEqual({ kind: 'none' });
    expect(resolveVideoSource({ video_url: '<iframe src="https://evil.example/x"></iframe>' })).toEqual({ kind: 'none' });
    expect(resolveVideoSource({ video_file_url: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
    expect(resolveVideoSource({ video_file_url: '//evil.example/v.mp4' })).toEqual({ kind: 'none' });
  });
});

describe('playableFileUrl', () => {
  it('accepts our paths and http(s) URLs only', () => {
    expect(playableFileUrl('/api/files/videos/a.mp4')).toBe('/api/files/videos/a.mp4');
    expect(playableFileUrl('https://cdn.example.com/a.mp4')).toBe('https://cdn.example.com/a.mp4');
    expect(playableFileUrl('data:video/mp4;base64,AAAA')).toBeNull();
    expect(playableFileUrl('')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VideoProcessing } from '@clima/contract/video-streams';
import { CaptionsField } from './captions-field';
import { uploadNameOf } from './use-video-processing';
import { VideoProcessingStatus } from './video-processing-status';

afterEach(cleanup);

const NAME = '0123456789abcdef0123456789abcdef.mp4';
const video = (over: Partial<VideoProcessing>): VideoProcessing => ({ name: NAME, status: 'ready', percent: 100, error: null, renditions: [360, 540], captions: false, ...over });

describe('VideoProcessingStatus', () => {
  it("reads 'Processando vídeo… N%', 'Falha' with its reason, or ready with the rungs", () => {
    const { rerender } = render(<VideoProcessingStatus video={video({ status: 'processing', percent: 42 })} />);
    expect(screen.getByRole('status').textContent).toBe('Processando vídeo… 42%');
    rerender(<VideoProcessingStatus video={video({ status: 'pending', percent: 0 })} />);
    expect(screen.getByRole('status').textContent).toBe('Processando vídeo… 0%');
    rerender(<VideoProcessingStatus video={video({ status: 'failed', error: 'Não foi possível converter o vídeo: arquivo ilegível' })} />);
    expect(screen.getByTestId('video-processing').textContent).toContain('Falha');
    expect(screen.getByTestId('video-processing').textContent).toContain('O arquivo original continua disponível');
    rerender(<VideoProcessingStatus video={video({})} />);
    expect(screen.getByTestId('video-processing').textContent).toBe('Pronto para streaming (360p, 540p)');
  });

  it('knows an uploaded file from a link', () => {
    expect(uploadNameOf(`/api/files/videos/${NAME}`)).toBe(NAME);
    expect(uploadNameOf('https://youtu.be/abc')).toBeNull();
    expect(uploadNameOf('/api/files/videos/../x.mp4')).toBeNull();
    expect(uploadNameOf(null)).toBeNull();
  });
});

describe("CaptionsField ('Legendas (pt-BR)')", () => {
  const renderField = (v: VideoProcessing) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CaptionsField name={NAME} video={v} />
      </QueryClientProvider>,
    );
  const choose = (text: string, name = 'legendas.vtt') =>
    fireEvent.change(screen.getByLabelText('Legendas (pt-BR)'), { target: { files: [new File([text], name, { type: 'text/vtt' })] } });

  it('refuses a file that is not WebVTT before sending anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderField(video({}));
    choose('1\n00:00:01,000 --> 00:00:02,000\nSRT não serve\n', 'legendas.srt');
    expect((await screen.findByRole('alert')).textContent).toContain('WebVTT');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a WebVTT file to the video and says so', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(video({ captions: true })), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    renderField(video({}));
    choose('WEBVTT\n\n00:00.000 --> 00:02.000\nBoa tarde, técnicos\n');
    await waitFor(() => expect(screen.getByText('Legendas salvas.', { selector: 'p:not(.sr-only)' })).toBeTruthy());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(`/api/admin/videos/${encodeURIComponent(NAME)}/captions`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ vtt: 'WEBVTT\n\n00:00.000 --> 00:02.000\nBoa tarde, técnicos\n' });
  });
});

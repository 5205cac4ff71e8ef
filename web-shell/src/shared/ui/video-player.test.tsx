import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPlaybackActive } from '../playback/playback-activity';
import { VideoPlayer } from './video-player';

/** jsdom's media elements do not play: play()/pause() stand in as a browser behaves, on a 30-minute video. */
const paused = new WeakMap<HTMLMediaElement, boolean>();
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(1800);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => cleanup());

describe('VideoPlayer: resume and watch reports', () => {
  it("offers 'Continuar de 12:34'; accepting moves the video there and plays it", async () => {
    const send = vi.fn().mockResolvedValue(true);
    render(<VideoPlayer fileUrl="/api/files/videos/aula.mp4" title="Carga de gás" watch={{ saved: { position: 754, duration: 1800 }, send }} />);
    const video = screen.getByTitle('Carga de gás') as HTMLVideoElement;
    fireEvent.loadedMetadata(video);
    expect(screen.getByRole('button', { name: 'Começar do início' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continuar de 12:34' }));
    });
    expect(video.currentTime).toBe(754);
    expect(video.play).toHaveBeenCalled();
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
    expect(isPlaybackActive()).toBe(true);
  });

  it('says nothing for a position at the very start or at the end', () => {
    const { unmount } = render(<VideoPlayer fileUrl="/v.mp4" title="A" watch={{ saved: { position: 3, duration: 1800 } }} />);
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
    unmount();
    render(<VideoPlayer fileUrl="/v.mp4" title="B" watch={{ saved: { position: 1790, duration: 1800 } }} />);
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
  });

  it('reports on pause what was played, and the last position when the page goes away', async () => {
    const send = vi.fn().mockResolvedValue(true);
    const { unmount } = render(<VideoPlayer fileUrl="/v.mp4" title="Vácuo" watch={{ saved: null, send }} />);
    const video = screen.getByTitle('Vácuo') as HTMLVideoElement;
    fireEvent.loadedMetadata(video);
    await act(async () => {
      await video.play();
    });
    for (const t of [0.25, 0.5, 0.75, 1]) {
      video.currentTime = t;
      fireEvent.timeUpdate(video);
    }
    act(() => video.pause());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith({ position: 1, duration: 1800, watched: [[0, 1]] }, false);
    expect(isPlaybackActive()).toBe(false);
    // a jump while paused moves the position only; leaving sends it, with keepalive
    video.currentTime = 300;
    fireEvent.seeking(video);
    unmount();
    expect(send).toHaveBeenLastCalledWith({ position: 300, duration: 1800, watched: [] }, true);
  });
});

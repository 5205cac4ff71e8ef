/**
 * Play → first frame through the gateway on a throttled connection (issue 28), in Debian's Chromium (never a
 * downloaded browser), as a signed-in subscriber on the content page of a converted video:
 *  - HLS: the page as it is (the player streams the catalog's ladder with hls.js);
 *  - MP4: the same page with `/api/videos/:name/streams` answered 404 in the browser, so the same player plays
 *    the original upload, as it does for a video not converted (yet): the file's bytes still come from the gateway.
 * Each run opens a fresh browser context (empty cache), sets the connection with CDP
 * `Network.emulateNetworkConditions`, opens the page and presses 'Reproduzir' as soon as it is there. Measured
 * in the page, from the click: the first video frame presented while playing (`requestVideoFrameCallback`) and
 * the 'playing' event. Beside them, the CPU Chromium's processes (browser, renderer, GPU/utility) used during the
 * runs, in cores: the browser is the load generator here and shares the machine's cores with the platform.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

export interface NetworkProfile {
  name: string;
  downKbps: number;
  upKbps: number;
  rttMs: number;
}

/** A 4G-like connection and a 3G one (DevTools' latency is added to every request: the round trip). */
export const PROFILES: NetworkProfile[] = [
  { name: '4G (9 Mb/s ↓, 1.5 Mb/s ↑, 170 ms)', downKbps: 9_000, upKbps: 1_500, rttMs: 170 },
  { name: '3G (1.6 Mb/s ↓, 750 kb/s ↑, 300 ms)', downKbps: 1_600, upKbps: 750, rttMs: 300 },
];

type Player = 'HLS' | 'MP4';

interface Run {
  /** click → first frame presented while playing, ms (null: none within the timeout). */
  frame: number | null;
  /** click → 'playing', ms. */
  playing: number | null;
  /** Chromium's CPU during the run, seconds, and the run's wall time, seconds. */
  cpu: number;
  wall: number;
}

const TICK = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ)

/** CPU seconds of this process's Chromium descendants (their own and that of the children they reaped). */
function chromiumCpu(): number {
  const procs = new Map<number, { ppid: number; comm: string; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      // after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
      procs.set(Number(entry), { ppid: Number(f[1]), comm, cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK });
    } catch {
      // the process ended while the list was read
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 64; p = procs.get(p)?.ppid, hops++) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, p] of procs) if (/chrom/i.test(p.comm) && descends(pid)) total += p.cpu;
  return total;
}

/**
 * Run in the page before the click (plain JavaScript: this package compiles without the DOM's types): at the
 * click, the clock starts; `window.firstFrame` resolves with the first frame presented while the video plays
 * (`requestVideoFrameCallback`) and the 'playing' event, in ms from the click (null: nothing within 120 s), and
 * the address the video played.
 */
const ARM = `(() => {
  const video = document.querySelector('[data-testid="file-video-player"] video');
  window.firstFrame = new Promise((resolve) => {
    let started = 0;
    let playing = null;
    video.addEventListener('playing', () => { if (playing === null) playing = performance.now() - started; }, { once: true });
    const onFrame = (now) => {
      if (!video.paused) resolve({ frame: now - started, playing, src: video.currentSrc });
      else video.requestVideoFrameCallback(onFrame);
    };
    document.addEventListener('click', () => {
      started = performance.now();
      video.requestVideoFrameCallback(onFrame);
      setTimeout(() => resolve({ frame: null, playing, src: video.currentSrc }), 120000);
    }, { capture: true, once: true });
  });
})()`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null;
};

async function once(browser: Browser, o: { gateway: string; contentId: number; email: string; password: string; profile: NetworkProfile; player: Player }): Promise<Run> {
  const cpu0 = chromiumCpu();
  const t0 = process.hrtime.bigint();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
  try {
    const signin = await context.request.post(`${o.gateway}/api/auth/signin`, { data: { email: o.email, password: o.password } });
    if (!signin.ok()) throw new Error(`signin: ${signin.status()} ${await signin.text()}`);
    const page = await context.newPage();
    // both players go through the same interception; the MP4 run is told the video has no stream
    await page.route('**/api/videos/*/streams', (route) =>
      o.player === 'MP4' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Não encontrado."}' }) : route.continue(),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: o.profile.rttMs,
      downloadThroughput: (o.profile.downKbps * 1000) / 8,
      uploadThroughput: (o.profile.upKbps * 1000) / 8,
    });
    await page.goto(`${o.gateway}/content/${o.contentId}`);
    const play = page.getByTestId('file-video-player').getByRole('button', { name: 'Reproduzir', exact: true });
    await play.waitFor({ state: 'visible', timeout: 120_000 });
    // the clock starts at the click itself (in the page), not when the automation decides to send it
    await page.evaluate(ARM);
    await play.click();
    const seen = (await page.evaluate('window.firstFrame')) as { frame: number | null; playing: number | null; src: string };
    // HLS plays through Media Source Extensions (a blob: address), the MP4 from the upload's own address
    if (seen.src.startsWith('blob:') !== (o.player === 'HLS')) throw new Error(`${o.player} run played ${seen.src}`);
    const cpu = chromiumCpu() - cpu0;
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    return { frame: seen.frame === null ? null : Math.round(seen.frame), playing: seen.playing === null ? null : Math.round(seen.playing), cpu, wall };
  } finally {
    await context.close();
  }
}

/**
 * For each profile, RUNS runs of each player (alternated, so the machine's other work falls on both alike):
 * the medians, the ratio HLS/MP4 and Chromium's CPU; prints as it goes.
 */
export async function firstFrame(o: { gateway: string; contentId: number; email: string; password: string; runs: number; loadavg: () => string }): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    process.stdout.write(`4. play → first frame through the gateway (Chromium ${browser.version()}, 390 px, a fresh cache each run, ${o.runs} runs each, medians):\n`);
    for (const profile of PROFILES) {
      const runs: Record<Player, Run[]> = { HLS: [], MP4: [] };
      for (let i = 0; i < o.runs; i++) {
        for (const player of ['HLS', 'MP4'] as const) runs[player].push(await once(browser, { ...o, profile, player }));
      }
      const figure = (player: Player) => {
        const r = runs[player];
        const cpu = r.reduce((a, x) => a + x.cpu, 0) / r.reduce((a, x) => a + x.wall, 0);
        return {
          frame: median(r.flatMap((x) => (x.frame === null ? [] : [x.frame]))),
          playing: median(r.flatMap((x) => (x.playing === null ? [] : [x.playing]))),
          all: r.map((x) => x.frame ?? 'none').join(', '),
          missed: r.filter((x) => x.frame === null).length,
          cpu: `${cpu.toFixed(2)} core`,
        };
      };
      const hls = figure('HLS');
      const mp4 = figure('MP4');
      const ratio = hls.frame !== null && mp4.frame ? (hls.frame / mp4.frame).toFixed(2) : '–';
      process.stdout.write(
        `   ${profile.name}: HLS ${hls.frame ?? '–'} ms (runs ${hls.all}; 'playing' ${hls.playing ?? '–'} ms; Chromium ${hls.cpu}), ` +
          `original MP4 ${mp4.frame ?? '–'} ms (runs ${mp4.all}; 'playing' ${mp4.playing ?? '–'} ms; Chromium ${mp4.cpu}); HLS/MP4 ${ratio}` +
          `${hls.missed + mp4.missed ? `; no frame within 120 s: HLS ${hls.missed}, MP4 ${mp4.missed}` : ''}; machine load average ${o.loadavg()}\n`,
      );
    }
  } finally {
    await browser.close();
  }
}

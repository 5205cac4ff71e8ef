/** hls.js's light build (no subtitles or alternate audio in the stream: the captions are a <track>) has the full build's types. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

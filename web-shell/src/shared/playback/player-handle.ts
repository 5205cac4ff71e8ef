/** What a page may ask of a player: go to a time and play from there ('Continuar de 12:34'). */
export interface PlayerHandle {
  seekTo(seconds: number): void;
}

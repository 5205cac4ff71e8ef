import { RotateCcw, StepForward } from 'lucide-react';
import { messages } from '../../i18n/messages';
import { formatClock } from '../../lib/format';

const m = messages.player;

/**
 * The offer over a video opened where the user had stopped: 'Continuar de 12:34' or 'Começar do início'.
 * One slim row along the top edge, so on a phone it leaves the play button in the middle uncovered.
 */
export function ResumePrompt({ position, onResume, onRestart }: { position: number; onResume: () => void; onRestart: () => void }) {
  return (
    <div
      role="group"
      aria-label={m.resumeTitle}
      data-testid="resume-prompt"
      className="absolute inset-x-0 top-0 z-10 flex items-center justify-center gap-2 bg-gradient-to-b from-black/85 via-black/60 to-transparent px-2 pb-4 pt-2 sm:justify-start sm:px-3 sm:pb-8 sm:pt-3"
    >
      <button
        type="button"
        onClick={onResume}
        className="inline-flex items-center gap-1.5 min-h-11 whitespace-nowrap rounded-xl bg-white px-3 py-1.5 text-xs sm:px-3.5 sm:text-sm font-semibold text-slate-900 shadow hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan-300"
      >
        <StepForward className="size-4" aria-hidden />
        {m.resumeFrom(formatClock(position))}
      </button>
      <button
        type="button"
        onClick={onRestart}
        className="inline-flex items-center gap-1.5 min-h-11 whitespace-nowrap rounded-xl bg-white/15 px-3 py-1.5 text-xs sm:px-3.5 sm:text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan-300"
      >
        <RotateCcw className="size-4" aria-hidden />
        {m.startOver}
      </button>
    </div>
  );
}

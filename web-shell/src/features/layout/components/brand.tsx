import { Snowflake } from 'lucide-react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';

export function Brand() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-sky-600">
      <span className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-sky-600 to-cyan-500 text-white shadow-md shadow-sky-600/25">
        <Snowflake className="size-5" aria-hidden />
      </span>
      <span className="text-lg font-extrabold tracking-tight text-slate-900">
        Clima<span className="text-sky-600"> Pro</span>
      </span>
      <span className="sr-only">{messages.app.name}</span>
    </Link>
  );
}

import { Crown, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';

const m = messages.gates;

function GateFrame({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-8 max-w-lg rounded-3xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
      <span className="mx-auto mb-5 grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-sky-500 to-cyan-400 text-white shadow-lg shadow-sky-500/25">
        {icon}
      </span>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mx-auto mt-2 max-w-sm text-slate-600">{text}</p>
      <div className="mt-7 flex justify-center">{children}</div>
    </section>
  );
}

/** Shown to anonymous visitors on screens that need a signed-in user. */
export function AccessRestricted({ text = m.restrictedText }: { text?: string }) {
  const { openSignIn } = useSignInDialog();
  return (
    <GateFrame icon={<Lock className="size-7" aria-hidden />} title={m.restrictedTitle} text={text}>
      <button type="button" onClick={() => openSignIn('login')} className={buttonStyles.primary}>
        {m.restrictedAction}
      </button>
    </GateFrame>
  );
}

/** Shown to signed-in users without an active subscription on premium detail screens. */
export function SubscriptionRequired({ text = m.subscriptionText }: { text?: string }) {
  return (
    <GateFrame icon={<Crown className="size-7" aria-hidden />} title={m.subscriptionTitle} text={text}>
      <Link to="/subscription" className={buttonStyles.primary}>
        {m.subscriptionAction}
      </Link>
    </GateFrame>
  );
}

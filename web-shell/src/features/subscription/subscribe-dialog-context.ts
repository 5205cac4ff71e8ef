import { createContext } from 'react';

export interface SubscribeDialogContextValue {
  /** Opens the trial/checkout dialog of spec 2.4. */
  openSubscribe: () => void;
}

export const SubscribeDialogContext = createContext<SubscribeDialogContextValue | null>(null);

/** sessionStorage flag: the dialog opens by itself at most once per browser session (spec section 9). */
export const TRIAL_DIALOG_SESSION_KEY = 'clima.trialDialogShown';

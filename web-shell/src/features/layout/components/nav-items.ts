import { BookOpen, Crown, FileText, PlayCircle, Trophy, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import { messages } from '../../../i18n/messages';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** '/' must match exactly, or every route would highlight 'Cursos'. */
  end?: boolean;
}

/** The six navigation items of spec 2.1, in order, and the field tools (issue 29). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: messages.nav.courses, icon: BookOpen, end: true },
  { to: '/contents', label: messages.nav.contents, icon: PlayCircle },
  { to: '/manuals', label: messages.nav.manuals, icon: FileText },
  { to: '/ferramentas', label: messages.nav.tools, icon: Wrench },
  { to: '/ranking', label: messages.nav.ranking, icon: Trophy },
  { to: '/subscription', label: messages.nav.subscription, icon: Crown },
  { to: '/profile', label: messages.nav.profile, icon: UserRound },
];

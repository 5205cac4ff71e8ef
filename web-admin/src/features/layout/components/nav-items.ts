import { Award, BookOpen, FileText, FolderTree, LayoutDashboard, Layers, MessageCircleQuestion, PlayCircle, ScrollText, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { adminQuestionMessages } from '../../lesson-questions/lesson-questions-admin-messages';

const t = messages.shell.items;

/** The eight sidebar items of spec 2.14, in order, then the audit log (issue 14), the certificates (issue 17) and the questions under the lessons (issue 27). */
export const ADMIN_NAV: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/admin/dashboard', label: t.dashboard, icon: LayoutDashboard },
  { to: '/admin/users', label: t.users, icon: Users },
  { to: '/admin/contents', label: t.contents, icon: PlayCircle },
  { to: '/admin/categories', label: t.categories, icon: FolderTree },
  { to: '/admin/course-categories', label: t.courseCategories, icon: Layers },
  { to: '/admin/courses', label: t.courses, icon: BookOpen },
  { to: '/admin/manuals', label: t.manuals, icon: FileText },
  { to: '/admin/administrators', label: t.administrators, icon: ShieldCheck },
  { to: '/admin/audit', label: t.audit, icon: ScrollText },
  { to: '/admin/certificates', label: t.certificates, icon: Award },
  // 'Dúvidas sem resposta' (issue 27)
  { to: '/admin/duvidas', label: adminQuestionMessages.nav, icon: MessageCircleQuestion },
];

import type { ManualType } from '@clima/contract/manuals';
import { BookOpen, ClipboardList, FileText, Package, Settings2, Stethoscope, Wrench, type LucideIcon } from 'lucide-react';

/** The icon of each manual type (spec 2.12: type icon and label on every card). */
const ICONS: Record<ManualType, LucideIcon> = {
  user_manual: BookOpen,
  installation: Wrench,
  service: Settings2,
  parts: Package,
  troubleshooting: Stethoscope,
  technical: ClipboardList,
};

export const manualTypeIcon = (type: string): LucideIcon => ICONS[type as ManualType] ?? FileText;

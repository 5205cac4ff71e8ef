import { messages } from '../../../i18n/messages';
import { PageHeader } from '../../../shared/ui/page-header';

type FrameKey = keyof typeof messages.frames;

/** Page frame of an admin section whose screen arrives with its service issue. */
export function SectionFramePage({ section }: { section: FrameKey }) {
  const { title, subtitle } = messages.frames[section];
  return <PageHeader title={title} subtitle={subtitle} />;
}

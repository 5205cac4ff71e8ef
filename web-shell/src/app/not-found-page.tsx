import { Compass } from 'lucide-react';
import { Link } from '@clima/router';
import { messages } from '../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';

export default function NotFoundPage() {
  const m = messages.notFound;
  return (
    <EmptyState
      icon={Compass}
      headingLevel="h1"
      title={m.title}
      description={m.text}
      action={
        <Link to="/" className={buttonStyles.primary}>
          {m.action}
        </Link>
      }
    />
  );
}

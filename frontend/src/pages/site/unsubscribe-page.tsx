/**
 * /unsubscribe/:token (decisions.md §15): the page an email's unsubscribe link opens. Public, no
 * login; rendered in the browser only (not prerendered, not in the sitemap, noindex) and
 * lazy-loaded, so it adds nothing to the marketing pages.
 */
import { useParams } from 'react-router';
import { Unsubscribe } from '../../features/consent/unsubscribe';
import { QueryProvider } from '../../app/query-provider';

/** Route component of /unsubscribe/:token. */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <QueryProvider>
      <Unsubscribe token={token} />
    </QueryProvider>
  );
}

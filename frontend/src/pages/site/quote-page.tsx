/**
 * /quotes/:token (issue 21 point 4): the saved quote a customer reopens from the link in their
 * email, and where the wizard lands after "Get My Quote" (step 5). Public, no login; rendered in
 * the browser only (not prerendered, not in the sitemap, noindex) and lazy-loaded.
 */
import { useParams } from 'react-router';
import { SavedQuote } from '../../features/quotes/saved-quote';
import { QueryProvider } from '../../app/query-provider';

/** Route component of /quotes/:token. */
export function QuotePage() {
  const { token = '' } = useParams();
  return (
    <QueryProvider>
      <SavedQuote token={token} />
    </QueryProvider>
  );
}

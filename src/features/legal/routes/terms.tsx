import { TermsArticle } from '../components/terms-article';

/**
 * `/vilkar`: the terms a user accepts on sign-up (linked from the checkbox), public and readable
 * without an account.
 */
export default function LegalTermsPage() {
  return <TermsArticle />;
}

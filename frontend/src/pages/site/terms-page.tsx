/**
 * /terms: the terms of service, in plain language: quotes and estimates, deposits (the $250
 * consultation deposit refundable within 24 hours; the 10% installation deposit), the payment
 * plan, installation, monitoring, messages and liability.
 */
import { CONSULTATION_DEPOSIT_CENTS } from '@ironclad/contracts';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Bullets, CompanyContact, LegalPage, P, type LegalSection } from '../../components/site/legal-page';
import { useCompanyFacts } from '../../features/site-config/public-config';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

/** Route component of /terms. */
export function TermsPage() {
  const company = useCompanyFacts();
  const sections: LegalSection[] = [
    {
      id: 'quotes',
      title: 'Quotes and estimates',
      body: (
        <P>
          Prices from the AI security designer, the cost calculator and our PDF estimates are estimates based on what you told us. The final
          price is confirmed in writing after a free on-site assessment, before any work starts. An emailed PDF estimate is valid for the
          period printed on it. Promotions apply only while they are shown as valid on the site.
        </P>
      ),
    },
    {
      id: 'deposits',
      title: 'Deposits and refunds',
      body: (
        <Bullets
          items={[
            <>
              <strong>Consultation deposit ({dollars(CONSULTATION_DEPOSIT_CENTS)})</strong>: reserves an on-site security consultation. It
              is fully refundable if you ask within 24 hours of paying. After 24 hours it is credited against your installation if you go
              ahead.
            </>,
            <>
              <strong>Installation deposit (10% of the quoted total)</strong>: secures your installation date and is credited against the
              project total. Its refund terms are those of the written agreement you sign before work starts.
            </>,
            `To ask for a refund, call ${company.phone} or email ${company.email}. Refunds go back to the card you paid with, through Stripe, usually within 5-10 business days.`,
          ]}
        />
      ),
    },
    {
      id: 'payment-plan',
      title: 'Payment plan',
      body: (
        <P>
          Unless your written agreement says otherwise, projects are paid 10% as a deposit, 40% on design approval, 30% when wiring is
          complete and 20% when the project is complete.
        </P>
      ),
    },
    {
      id: 'installation',
      title: 'Installation',
      body: (
        <P>
          Our licensed and insured technicians install the equipment at the times agreed with you. You give us safe access to the areas to
          be wired and tell us about anything that affects the work (hidden pipes or cables, building rules, permits you hold). Timelines
          shown on the site are estimates; the schedule is confirmed in your agreement.
        </P>
      ),
    },
    {
      id: 'monitoring',
      title: 'Monitoring plans',
      body: (
        <P>
          Monitoring plans are billed monthly per site, have no setup fees and can be cancelled at any time with 30 days&apos; notice. New
          monitoring customers who are not satisfied may cancel within 30 days for a full refund of the monitoring fees paid. Monitoring
          depends on working power and a working internet or cellular connection at your property.
        </P>
      ),
    },
    {
      id: 'messages',
      title: 'Emails and text messages',
      body: (
        <P>
          By sending a form you agree that we may contact you about that request by phone, email or text. You can stop marketing emails with
          the unsubscribe link in each one and stop texts by replying STOP; see our{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </Link>
          .
        </P>
      ),
    },
    {
      id: 'warranty',
      title: 'Warranty',
      body: (
        <P>
          Installed equipment is covered for 5 years and our labour for 2 years, as described on our{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/warranty">Warranty</RouterLink>
          </Link>{' '}
          page.
        </P>
      ),
    },
    {
      id: 'liability',
      title: 'What a security system can and cannot do',
      body: (
        <P>
          A security system lowers the risk of loss and helps you respond faster; it cannot prevent every break-in, fire or other event. We
          are not an insurer. Except where the law does not allow it, our liability for a problem with our work is limited to repairing it,
          replacing the equipment or refunding what you paid for the part concerned.
        </P>
      ),
    },
    { id: 'contact-us', title: 'Contact us', body: <CompanyContact /> },
  ];
  return (
    <LegalPage
      path="/terms"
      title="Terms of Service"
      intro={
        <P>
          These terms apply when you use this website, ask us for a quote or pay a deposit to {company.name}. Your written installation
          agreement, signed before work starts, adds the details of your project.
        </P>
      }
      sections={sections}
    />
  );
}

/**
 * /privacy: the privacy policy, in plain language: what each form collects and why, who
 * processes it (Stripe for payments, the email and SMS providers), email/SMS consent and how to
 * opt out, how long data is kept and the visitor's choices.
 */
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Bullets, CompanyContact, LegalPage, P, type LegalSection } from '../../components/site/legal-page';
import { useCompanyFacts } from '../../features/site-config/public-config';

/** Route component of /privacy. */
export function PrivacyPage() {
  const company = useCompanyFacts();
  const sections: LegalSection[] = [
    {
      id: 'what-we-collect',
      title: 'What we collect, form by form',
      body: (
        <>
          <P>
            We only collect what you type into our forms, plus the technical data every website receives. Nothing is collected until you
            send a form.
          </P>
          <Bullets
            items={[
              <>
                <strong>Contact and quote forms</strong> (home page, service pages): your first and last name, email, phone number, property
                type, the services you are interested in, how you heard of us and your message.
              </>,
              <>
                <strong>Free 47-point checklist</strong>: your email address and the time you asked for the guide, so we can email it to you
                once.
              </>,
              <>
                <strong>AI security designer</strong> (/shopping): your building details (type, size, floors, entry points, areas to
                monitor), budget, timeline, the features you chose and your contact details, so we can prepare and follow up on your quote.
              </>,
              <>
                <strong>Cost calculator</strong>: the configuration you priced and your name, email, phone and optional company, so we can
                email the PDF quote and call you.
              </>,
              <>
                <strong>Consultation request and deposits</strong>: your name, email, phone and building type. Card details go straight to
                Stripe (see below); we never see or store your card number.
              </>,
              <>
                <strong>Technical data</strong>: your IP address and browser type, kept in our server logs for security and to stop abuse
                (for example, limiting how many forms one address can send per hour).
              </>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it',
      body: (
        <Bullets
          items={[
            'To answer your request: call or email you about a consultation, estimate or installation.',
            'To prepare quotes, estimates and PDF documents for your property.',
            'To take deposits and keep records of payments.',
            'To send the emails and text messages you asked for, and, only if you agreed, occasional offers.',
            'To protect the site against spam and fraud.',
          ]}
        />
      ),
    },
    {
      id: 'payments',
      title: 'Payments by Stripe',
      body: (
        <P>
          Deposits are paid through Stripe, Inc. Your card number, expiry date and security code are entered into Stripe&apos;s secure form
          and sent directly to Stripe; they never reach our servers. We receive the payment&apos;s status, amount and the name and email you
          gave, which we keep with your request. Stripe&apos;s own privacy policy applies to the card data it processes.
        </P>
      ),
    },
    {
      id: 'email-and-sms',
      title: 'Email and text messages: consent and opting out',
      body: (
        <>
          <P>
            We email and text you about the request you made (a quote, a PDF estimate, the free guide, a payment receipt or a call to
            schedule your visit). Marketing messages, such as seasonal offers, are sent only to customers who agreed to receive them.
          </P>
          <Bullets
            items={[
              'Every marketing email has an unsubscribe link; one click stops all further marketing email to that address.',
              'Reply STOP to any text message to stop all further texts from us; reply START to receive them again.',
              'We limit how many automated emails one address can receive per day, so a form sent many times does not flood your inbox.',
              `You can also ask us to stop at any time by calling ${company.phone} or emailing ${company.email}.`,
            ]}
          />
          <P>
            Emails are delivered through SendGrid (Twilio Inc.) and text messages through Twilio Inc., who process them only to deliver
            them.
          </P>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <P>
          We do not sell or rent your personal information. We share it only with the providers that run parts of our service for us (Stripe
          for payments, SendGrid and Twilio for email and SMS, our hosting provider), with our own installers working on your project, and
          where the law requires it.
        </P>
      ),
    },
    {
      id: 'analytics',
      title: 'Cookies and analytics',
      body: (
        <P>
          The site itself sets no advertising cookies. Staff sign-in uses a session cookie. When you send a form or tap a call button, the
          page records an event (for example &ldquo;a free-guide request was sent&rdquo;) for the site owner&apos;s analytics tool; the
          event does not include what you typed.
        </P>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <P>
          Requests that did not lead to a project are deleted after 3 years. Customer, project and payment records are kept for 7 years, as
          tax and warranty records require. Server logs are kept for 90 days.
        </P>
      ),
    },
    {
      id: 'your-choices',
      title: 'Your choices',
      body: (
        <P>
          You can ask us what we hold about you, ask us to correct it, or ask us to delete it (unless we must keep it, for example payment
          records). Contact us using the details below and we will answer within 30 days. Read also our{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/terms">Terms of Service</RouterLink>
          </Link>
          .
        </P>
      ),
    },
    { id: 'contact-us', title: 'Contact us', body: <CompanyContact /> },
  ];
  return (
    <LegalPage
      path="/privacy"
      title="Privacy Policy"
      intro={
        <P>
          {company.name} designs, installs and monitors security systems. To do that we need some information about you and your property.
          This page explains, in plain words, what we collect, why, and how you stay in control.
        </P>
      }
      sections={sections}
    />
  );
}

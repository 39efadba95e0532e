/**
 * /warranty: the installation warranty (public-site.md §1: 5-year warranty on installed
 * equipment, 2-year labour warranty), in plain language: what is covered, what is not, how to
 * make a claim.
 */
import { Link } from '@chakra-ui/react';
import { Bullets, CompanyContact, LegalPage, P, type LegalSection } from '../../components/site/legal-page';
import { telHref, useCompanyFacts } from '../../features/site-config/public-config';

/** Route component of /warranty. */
export function WarrantyPage() {
  const company = useCompanyFacts();
  const sections: LegalSection[] = [
    {
      id: 'equipment',
      title: '5-year equipment warranty',
      body: (
        <P>
          Every camera, recorder, alarm panel, sensor, access-control reader, intercom panel and smart-home device we install is covered for
          5 years from the day the installation is completed. If a covered device fails in normal use, we repair or replace it with the same
          or a better model, free of charge, including the part and its shipping.
        </P>
      ),
    },
    {
      id: 'labour',
      title: '2-year labour warranty',
      body: (
        <P>
          For 2 years after completion, we fix any fault caused by our workmanship (wiring, mounting, connections, configuration) at no
          charge, and the technician&apos;s visit to replace a device under the equipment warranty is free too. After 2 years, replacement
          parts stay free for the rest of the 5 years; the visit is charged at our standard service rate.
        </P>
      ),
    },
    {
      id: 'not-covered',
      title: 'What is not covered',
      body: (
        <Bullets
          items={[
            'Damage from accidents, vandalism, fire, flood, lightning or power surges (check your property insurance).',
            'Equipment moved, opened, rewired or repaired by anyone other than our technicians.',
            'Consumables such as backup batteries and memory cards, and normal wear of finishes.',
            'Equipment you supplied yourself, and faults of your internet service, router or phone.',
          ]}
        />
      ),
    },
    {
      id: 'claims',
      title: 'How to make a claim',
      body: (
        <>
          <P>
            Call{' '}
            <Link href={telHref(company.phone)} whiteSpace="nowrap">
              {company.phone}
            </Link>{' '}
            or email {company.email} with your name, address and what is wrong. Many problems are fixed remotely the same day; otherwise we
            schedule a visit, usually within 2 business days. For an emergency (for example, an alarm that will not arm), call our 24/7 line{' '}
            <Link href={telHref(company.emergencyPhone)} whiteSpace="nowrap">
              {company.emergencyPhone}
            </Link>
            .
          </P>
          <P>The warranty stays with the property: if you sell it, the new owner keeps the remaining cover.</P>
        </>
      ),
    },
    { id: 'contact-us', title: 'Contact us', body: <CompanyContact /> },
  ];
  return (
    <LegalPage
      path="/warranty"
      title="Warranty"
      intro={
        <P>
          We stand behind every installation: {company.name} covers the equipment it installs for 5 years and its own workmanship for 2
          years.
        </P>
      }
      sections={sections}
    />
  );
}

/**
 * The building blocks of a service page (public-site.md §2 "Residential security page" …
 * "Security monitoring page"): each page is a hero, a list of sections and the quote form in
 * the section with id `contact`.
 */
import type { ImageKey } from '@ironclad/contracts';
import type { LucideIcon } from 'lucide-react';
import type { QuoteServiceType } from '../contact/contact-form';

/** A card with an icon, a title, a text and an optional price line. */
export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  text: string;
  /** e.g. 'From $299 per camera' (spec §9). */
  price?: string;
  /** Bullet points under the text. */
  points?: string[];
}

/** A priced package or plan (spec §9). */
export interface PackageItem {
  name: string;
  /** e.g. '$799'. */
  price: string;
  /** e.g. 'one-time, installed' or 'per site / month'. */
  unit: string;
  summary: string;
  features: string[];
  popular?: boolean;
}

/** One section of a service page. */
export type ServicePageSection =
  | {
      kind: 'cards';
      id?: string;
      eyebrow: string;
      title: string;
      intro?: string;
      items: FeatureItem[];
      columns?: 2 | 3 | 4;
      tone?: 'plain' | 'subtle';
    }
  | { kind: 'packages'; id?: string; eyebrow: string; title: string; intro?: string; items: PackageItem[]; footnotes?: string[] }
  | { kind: 'testimonials'; eyebrow: string; title: string; category: 'residential' | 'business' }
  | { kind: 'stats'; eyebrow: string; title: string; intro?: string; items: { value: string; label: string }[] }
  | { kind: 'specs'; eyebrow: string; title: string; rows: [string, string][] };

/** The hero of a service page: prerendered and hydrated with the page. */
export interface ServicePageHero {
  imageKey: ImageKey;
  heroImage: string;
  eyebrow: string;
  title: string;
  intro: string;
  /** Label of the hero's main call to action (scrolls to #contact). */
  primaryCta: string;
  /** Optional second hero button: an in-page link to a section id. */
  secondaryCta?: { label: string; section: string };
}

/** A service page below its hero: prerendered, loaded and hydrated as a deferred section. */
export interface ServicePageBody {
  serviceType: QuoteServiceType;
  sections: ServicePageSection[];
  /** Heading and text above the quote form. */
  quote: { title: string; text: string };
  /** Closing call to action: its scroll button and its link to another page. */
  closing: { title: string; text: string; cta: string; link: { label: string; to: string } };
}

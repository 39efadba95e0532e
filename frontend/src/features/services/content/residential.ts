/**
 * Copy, prices and packages of one service page below its hero (public-site.md §2 sections, §9
 * prices and packages), in its own module, loaded with the page's deferred body. Prices are display
 * strings in US dollars, exactly the §9 figures.
 */
import { LucideBell, LucideBellRing, LucideCamera, LucideHeadset, LucideHouse, LucideWrench } from 'lucide-react';
import type { ServicePageBody } from '../service-page-types';

/** /residential-security below the hero */
export const RESIDENTIAL_BODY: ServicePageBody = {
  serviceType: 'Residential Security',
  sections: [
    {
      kind: 'cards',
      id: 'home-services',
      eyebrow: 'Home services',
      title: 'Everything Your Home Needs',
      intro: 'Pick one service or combine them into a complete system. Every installation carries a 5-year equipment warranty.',
      items: [
        {
          icon: LucideCamera,
          title: 'Security Cameras',
          text: '4K indoor and outdoor cameras with color night vision and phone alerts.',
          price: 'From $299 per camera',
        },
        {
          icon: LucideHouse,
          title: 'Smart Home Devices',
          text: 'Smart locks, lights, thermostats and sensors in one app.',
          price: 'From $199 per device',
        },
        {
          icon: LucideBellRing,
          title: 'Video Doorbells',
          text: 'See, hear and speak to visitors and couriers from anywhere.',
          price: 'From $199',
        },
        {
          icon: LucideBell,
          title: 'Alarm Systems',
          text: 'Door, window, glass-break and motion sensors with a loud siren.',
          price: 'From $49/month',
        },
        {
          icon: LucideHeadset,
          title: '24/7 Monitoring',
          text: 'Operators who verify alarms and dispatch police, fire or medical help.',
          price: '$29.99/month',
        },
        {
          icon: LucideWrench,
          title: 'Professional Installation',
          text: 'Concealed wiring, configuration and a full walkthrough of your system.',
          price: 'From $99',
        },
      ],
    },
    { kind: 'testimonials', eyebrow: 'Homeowners', title: 'What Homeowners Say', category: 'residential' },
  ],
  quote: {
    title: 'Get Your Free Home Security Quote',
    text: 'Tell us about your home. A security expert will contact you within 24 hours to schedule your free consultation.',
  },
  closing: {
    title: 'Ready for a Safer Home?',
    text: 'Book a free security assessment: we walk your property, find the weak spots and give you a written quote.',
    cta: 'Get Free Security Assessment',
    link: { label: 'View All Services', to: '/' },
  },
};

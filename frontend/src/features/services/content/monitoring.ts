/**
 * Copy, prices and packages of one service page below its hero (public-site.md §2 sections, §9
 * prices and packages), in its own module, loaded with the page's deferred body. Prices are display
 * strings in US dollars, exactly the §9 figures.
 */
import {
  LucideActivity,
  LucideBell,
  LucideEye,
  LucideFactory,
  LucideHardHat,
  LucideMic,
  LucideShieldCheck,
  LucideStore,
  LucideTimer,
  LucideZap,
} from 'lucide-react';
import type { ServicePageBody } from '../service-page-types';

/** /security-monitoring below the hero */
export const MONITORING_BODY: ServicePageBody = {
  serviceType: 'Security Monitoring',
  sections: [
    {
      kind: 'packages',
      id: 'monitoring-plans',
      eyebrow: 'Monthly plans',
      title: 'Monitoring Plans',
      intro: 'Per site, per month.',
      items: [
        {
          name: 'Essential',
          price: '$299',
          unit: 'per site / month',
          summary: 'Up to 4 cameras.',
          features: ['Up to 4 cameras', 'Alarm verification', 'Police dispatch', 'Monthly report'],
        },
        {
          name: 'Professional',
          price: '$499',
          unit: 'per site / month',
          summary: 'Up to 8 cameras.',
          features: ['Up to 8 cameras', 'Live guard tours', 'Police, fire and medical dispatch', 'Open/close reports'],
          popular: true,
        },
        {
          name: 'Enterprise',
          price: '$849',
          unit: 'per site / month',
          summary: 'Up to 16 cameras.',
          features: ['Up to 16 cameras', 'Dedicated operator team', 'Custom response plans', 'Weekly reports'],
        },
      ],
      footnotes: ['No setup fees', 'Cancel anytime', '30-day money-back guarantee', '10% off installations'],
    },
    {
      kind: 'cards',
      eyebrow: 'Services',
      title: 'Monitoring Services',
      items: [
        { icon: LucideEye, title: 'Live Video Monitoring', text: 'Operators watch your cameras and talk down intruders through speakers.' },
        { icon: LucideBell, title: 'Alarm Monitoring', text: 'Every alarm verified and dispatched, day and night.' },
        { icon: LucideTimer, title: 'Virtual Guard Tours', text: 'Scheduled camera patrols with a written report.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Capabilities',
      title: 'What Our Command Center Can Do',
      columns: 4,
      items: [
        { icon: LucideZap, title: 'Response Under 30 s', text: 'Average monitoring response of 13 seconds.' },
        { icon: LucideActivity, title: '99.9% Uptime', text: 'Redundant sites, power and connections.' },
        { icon: LucideMic, title: 'Talk-Down', text: 'Two-way audio to deter intruders before they enter.' },
        { icon: LucideShieldCheck, title: 'UL Listed', text: 'Certified monitoring center and trained operators.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Industry challenges',
      title: 'Challenges and Solutions by Industry',
      columns: 3,
      items: [
        {
          icon: LucideHardHat,
          title: 'Construction Sites',
          text: 'Theft of tools and copper after hours.',
          points: ['Solar camera towers', 'Talk-down deterrence', 'Police dispatch on verified intrusions'],
        },
        {
          icon: LucideStore,
          title: 'Retail',
          text: 'Break-ins and after-hours loitering.',
          points: ['Open/close monitoring', 'Video-verified alarms', 'Keyholder calls'],
        },
        {
          icon: LucideFactory,
          title: 'Warehouses',
          text: 'Large perimeters and loading docks.',
          points: ['Fence-line analytics', 'Guard tours', 'Incident reports for insurers'],
        },
      ],
    },
    {
      kind: 'stats',
      eyebrow: 'Command centre',
      title: 'Inside Our Command Centre',
      intro: 'Two redundant, UL-listed monitoring sites staffed by trained operators every hour of the year.',
      items: [
        { value: '24/7/365', label: 'Staffed by trained operators' },
        { value: '13 s', label: 'Average response time' },
        { value: '99.9%', label: 'Uptime' },
        { value: '2', label: 'Redundant monitoring sites' },
      ],
    },
    {
      kind: 'stats',
      eyebrow: 'Return on investment',
      title: 'What Monitoring Saves You',
      items: [
        { value: 'Up to 20%', label: 'Lower insurance premiums' },
        { value: '70%', label: 'Fewer false dispatch fees with video verification' },
        { value: '$0', label: 'Setup fees' },
      ],
    },
  ],
  quote: {
    title: 'Start Your Monitoring Service',
    text: 'Tell us about your site. We will contact you within 24 hours to set up monitoring.',
  },
  closing: {
    title: 'Not Sure Which Service Fits?',
    text: 'Compare our residential, business, camera and smart home services side by side.',
    cta: 'Talk to an Expert',
    link: { label: 'Compare Services', to: '/compare-services' },
  },
};

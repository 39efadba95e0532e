/**
 * Copy, prices and packages of one service page below its hero (public-site.md §2 sections, §9
 * prices and packages), in its own module, loaded with the page's deferred body. Prices are display
 * strings in US dollars, exactly the §9 figures.
 */
import {
  LucideHouse,
  LucideLightbulb,
  LucideLock,
  LucideMic,
  LucideMoon,
  LucideShieldCheck,
  LucideSmartphone,
  LucideSun,
  LucideThermometer,
  LucideWifi,
} from 'lucide-react';
import type { ServicePageBody } from '../service-page-types';

/** /smart-home-automation below the hero */
export const SMART_HOME_BODY: ServicePageBody = {
  serviceType: 'Smart Home Automation',
  sections: [
    {
      kind: 'stats',
      eyebrow: 'Benefits',
      title: 'Why Automate Your Home',
      items: [
        { value: 'Up to 20%', label: 'Lower energy bills with smart schedules' },
        { value: '1 app', label: 'For locks, lights, climate and cameras' },
        { value: '24/7', label: 'Alerts and monitoring while you are away' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Features',
      title: 'Smart Home Features',
      items: [
        { icon: LucideLock, title: 'Smart Locks', text: 'Keyless entry, guest codes and auto-lock when you leave.' },
        { icon: LucideLightbulb, title: 'Smart Lighting', text: 'Schedules, dimming and lights that follow you room to room.' },
        { icon: LucideThermometer, title: 'Climate Control', text: 'Thermostats that learn your routine and save energy.' },
        { icon: LucideMic, title: 'Voice Control', text: 'Works with the voice assistants you already use.' },
        { icon: LucideWifi, title: 'Sensors', text: 'Leak, smoke, CO and motion sensors that alert you instantly.' },
        { icon: LucideSmartphone, title: 'One App', text: 'Control and check everything from anywhere.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Automation scenes',
      title: 'Scenes That Run Your Home',
      columns: 4,
      items: [
        { icon: LucideSun, title: 'Good Morning', text: 'Disarms the alarm, raises the heat and turns on the kitchen lights.' },
        { icon: LucideShieldCheck, title: 'Away', text: 'Locks every door, arms the system and turns off the lights.' },
        { icon: LucideMoon, title: 'Good Night', text: 'Locks up, arms perimeter sensors and dims the hallway.' },
        { icon: LucideHouse, title: 'Welcome Home', text: 'Unlocks the door, disarms and lights the entry when you arrive.' },
      ],
    },
    {
      kind: 'packages',
      id: 'smart-home-packages',
      eyebrow: 'Packages',
      title: 'Smart Home Packages',
      items: [
        {
          name: 'Essentials',
          price: '$499',
          unit: 'installed',
          summary: '5 devices to get started.',
          features: ['5 smart devices', 'Smart hub', 'App setup', 'Professional installation'],
        },
        {
          name: 'Complete',
          price: '$1,299',
          unit: 'installed',
          summary: '12 devices for the whole home.',
          features: ['12 smart devices', 'Smart hub', '4 automation scenes', 'Voice assistant setup', 'Professional installation'],
          popular: true,
        },
        {
          name: 'Ultimate',
          price: '$2,999',
          unit: 'installed',
          summary: '25+ devices, fully automated.',
          features: ['25+ smart devices', 'Camera integration', 'Unlimited scenes', 'Energy monitoring', 'Priority support'],
        },
      ],
    },
  ],
  quote: { title: 'Get Your Free Smart Home Quote', text: 'Tell us what you would like to automate. We reply within 24 hours.' },
  closing: {
    title: 'Make Your Home Work for You',
    text: 'Combine automation with cameras and alarms for a home that is both smart and secure.',
    cta: 'Get My Free Quote',
    link: { label: 'Residential Security', to: '/residential-security' },
  },
};

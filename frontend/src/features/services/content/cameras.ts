/**
 * Copy, prices and packages of one service page below its hero (public-site.md §2 sections, §9
 * prices and packages), in its own module, loaded with the page's deferred body. Prices are display
 * strings in US dollars, exactly the §9 figures.
 */
import {
  LucideBellRing,
  LucideCamera,
  LucideCctv,
  LucideCloud,
  LucideEye,
  LucideMoon,
  LucideSmartphone,
  LucideSun,
  LucideVideo,
  LucideZap,
} from 'lucide-react';
import type { ServicePageBody } from '../service-page-types';

/** /security-cameras below the hero */
export const CAMERAS_BODY: ServicePageBody = {
  serviceType: 'Security Cameras',
  sections: [
    {
      kind: 'cards',
      eyebrow: 'Features',
      title: 'Why Our Camera Systems Stand Out',
      items: [
        { icon: LucideVideo, title: '4K Ultra HD', text: 'Read license plates and recognise faces, even when you zoom in.' },
        { icon: LucideMoon, title: 'Color Night Vision', text: 'Full-color video after dark with starlight sensors and smart IR.' },
        { icon: LucideSmartphone, title: 'Mobile Viewing', text: 'Live and recorded video on your phone, tablet or computer.' },
        { icon: LucideZap, title: 'Smart Motion Alerts', text: 'People and vehicle detection means fewer false alerts.' },
        { icon: LucideCloud, title: 'Cloud and Local Storage', text: 'Recordings on an on-site recorder with a cloud backup.' },
        { icon: LucideSun, title: 'Weatherproof', text: 'IP67 housings built for winters, storms and summer heat.' },
      ],
    },
    {
      kind: 'packages',
      id: 'camera-packages',
      eyebrow: 'Packages',
      title: 'Camera Packages',
      intro: 'Installed, configured and covered by our 5-year equipment warranty.',
      items: [
        {
          name: 'Starter',
          price: '$299',
          unit: 'installed',
          summary: '2 cameras for a front door and driveway.',
          features: ['2 4K cameras', 'Mobile app setup', 'Motion alerts', 'Professional installation'],
        },
        {
          name: 'Standard',
          price: '$799',
          unit: 'installed',
          summary: '4 cameras covering every entrance.',
          features: ['4 4K cameras', 'Network video recorder', 'Color night vision', 'Cloud backup', 'Professional installation'],
          popular: true,
        },
        {
          name: 'Premium',
          price: '$1,499',
          unit: 'installed',
          summary: '8 cameras for complete perimeter coverage.',
          features: ['8 4K cameras', '8-channel recorder', 'AI people and vehicle detection', 'Cloud backup', 'Priority support'],
        },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Camera types',
      title: 'The Right Camera for Every Spot',
      columns: 4,
      items: [
        { icon: LucideCctv, title: 'Dome Cameras', text: 'Discreet, vandal-resistant cameras for porches, lobbies and ceilings.' },
        { icon: LucideCamera, title: 'Bullet Cameras', text: 'Long-range coverage for driveways, yards and parking lots.' },
        { icon: LucideEye, title: 'PTZ Cameras', text: 'Pan, tilt and zoom to follow activity across large areas.' },
        { icon: LucideBellRing, title: 'Doorbell Cameras', text: 'Head-to-toe view of visitors and packages with two-way talk.' },
      ],
    },
  ],
  quote: {
    title: 'Get Your Free Camera Quote',
    text: 'Tell us about your property and we will design the right camera layout, free of charge.',
  },
  closing: {
    title: 'See Every Corner of Your Property',
    text: 'Pair your cameras with alarms, smart locks and 24/7 monitoring for complete protection.',
    cta: 'Get My Free Quote',
    link: { label: 'Residential Security', to: '/residential-security' },
  },
};

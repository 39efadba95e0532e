/**
 * Copy, prices and packages of the six service pages (public-site.md §2 sections, §9 prices and
 * packages). Prices are display strings in US dollars, exactly the §9 figures.
 */
import {
  LuActivity,
  LuBell,
  LuBellRing,
  LuBuilding,
  LuBuilding2,
  LuCamera,
  LuCctv,
  LuCloud,
  LuDoorOpen,
  LuEye,
  LuFactory,
  LuFingerprint,
  LuHardHat,
  LuHeadset,
  LuHeartPulse,
  LuHouse,
  LuKeyRound,
  LuLayoutDashboard,
  LuLightbulb,
  LuLock,
  LuMic,
  LuMoon,
  LuPackage,
  LuRadar,
  LuShieldCheck,
  LuSmartphone,
  LuStore,
  LuSun,
  LuThermometer,
  LuTimer,
  LuUsers,
  LuVideo,
  LuWifi,
  LuWrench,
  LuZap,
} from 'react-icons/lu';
import { BUILT_IN_HERO_IMAGES } from '../site-config/generated-image';
import type { ServicePageContent } from './service-page-types';

/** /residential-security */
export const RESIDENTIAL_PAGE: ServicePageContent = {
  serviceType: 'Residential Security',
  imageKey: 'heroResidential',
  heroImage: BUILT_IN_HERO_IMAGES.heroResidential,
  eyebrow: 'Residential security',
  title: 'Home Security Systems That Protect What Matters Most',
  intro:
    'Cameras, alarms, smart locks and 24/7 monitoring for houses, townhouses and apartments, designed around your home and installed by licensed technicians.',
  primaryCta: 'Get Quote',
  secondaryCta: { label: 'View Packages', section: 'home-services' },
  sections: [
    {
      kind: 'cards',
      id: 'home-services',
      eyebrow: 'Home services',
      title: 'Everything Your Home Needs',
      intro: 'Pick one service or combine them into a complete system. Every installation carries a 5-year equipment warranty.',
      items: [
        { icon: LuCamera, title: 'Security Cameras', text: '4K indoor and outdoor cameras with color night vision and phone alerts.', price: 'From $299 per camera' },
        { icon: LuHouse, title: 'Smart Home Devices', text: 'Smart locks, lights, thermostats and sensors in one app.', price: 'From $199 per device' },
        { icon: LuBellRing, title: 'Video Doorbells', text: 'See, hear and speak to visitors and couriers from anywhere.', price: 'From $199' },
        { icon: LuBell, title: 'Alarm Systems', text: 'Door, window, glass-break and motion sensors with a loud siren.', price: 'From $49/month' },
        { icon: LuHeadset, title: '24/7 Monitoring', text: 'Operators who verify alarms and dispatch police, fire or medical help.', price: '$29.99/month' },
        { icon: LuWrench, title: 'Professional Installation', text: 'Concealed wiring, configuration and a full walkthrough of your system.', price: 'From $99' },
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

/** /business-security */
export const BUSINESS_PAGE: ServicePageContent = {
  serviceType: 'Business Security',
  imageKey: 'heroBusiness',
  heroImage: BUILT_IN_HERO_IMAGES.heroBusiness,
  eyebrow: 'Business security',
  title: 'Commercial Security Built for How Your Business Runs',
  intro:
    'Access control, video surveillance, perimeter protection and a 24/7 command center for offices, retail, industrial sites and healthcare facilities.',
  primaryCta: 'Get a Business Quote',
  sections: [
    {
      kind: 'cards',
      eyebrow: 'Industries',
      title: 'Security for Every Industry',
      columns: 4,
      items: [
        { icon: LuBuilding2, title: 'Office Buildings', text: 'Badge access, visitor management and lobby cameras for single tenants and multi-tenant towers.' },
        { icon: LuStore, title: 'Retail Stores', text: 'Loss prevention with point-of-sale overlays, people counting and after-hours alarms.' },
        { icon: LuFactory, title: 'Industrial Facilities', text: 'Perimeter detection, loading-dock coverage and thermal cameras for large sites.' },
        { icon: LuHeartPulse, title: 'Healthcare', text: 'Privacy-aware camera layouts, pharmacy access control and panic buttons.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Business services',
      title: 'Commercial Security Services',
      items: [
        { icon: LuShieldCheck, title: 'Commercial Security', text: 'A complete design for your site: intrusion, video and access in one system.', price: 'Custom quote · Most popular' },
        { icon: LuKeyRound, title: 'Access Control', text: 'Card and mobile credentials, door schedules and audit trails.', price: 'From $2,500' },
        { icon: LuCctv, title: 'Video Surveillance', text: '4K cameras with AI detection and 90-day retention.', price: 'From $500 per camera' },
        { icon: LuRadar, title: 'Perimeter Protection', text: 'Fence-line analytics, gates, barriers and lighting.', price: 'From $5,000' },
        { icon: LuLayoutDashboard, title: 'Command Center', text: 'Live video monitoring and alarm response, every hour of the year.', price: 'From $199/month' },
        { icon: LuUsers, title: 'Security Consulting', text: 'Risk assessments, compliance reviews and multi-site standards.', price: 'From $2,500' },
      ],
    },
    { kind: 'testimonials', eyebrow: 'Business owners', title: 'Trusted by Local Businesses', category: 'business' },
  ],
  quote: {
    title: 'Request Your Business Security Quote',
    text: 'Share a few details about your site. Our commercial team answers within 24 hours to schedule an on-site assessment.',
  },
  closing: {
    title: 'Protect Your People, Property and Profits',
    text: 'Licensed and insured, with a 5-year equipment warranty and a command center that never closes.',
    cta: 'Schedule a Site Assessment',
    link: { label: 'View All Services', to: '/' },
  },
};

/** /security-cameras */
export const CAMERAS_PAGE: ServicePageContent = {
  serviceType: 'Security Cameras',
  imageKey: 'heroCameras',
  heroImage: BUILT_IN_HERO_IMAGES.heroCameras,
  eyebrow: 'Security cameras',
  title: 'Crystal-Clear 4K Security Cameras, Professionally Installed',
  intro: 'See everything that happens at your property, day and night, from your phone. Designed, installed and supported by our team.',
  primaryCta: 'Get Camera Quote',
  secondaryCta: { label: 'See Packages', section: 'camera-packages' },
  sections: [
    {
      kind: 'cards',
      eyebrow: 'Features',
      title: 'Why Our Camera Systems Stand Out',
      items: [
        { icon: LuVideo, title: '4K Ultra HD', text: 'Read license plates and recognise faces, even when you zoom in.' },
        { icon: LuMoon, title: 'Color Night Vision', text: 'Full-color video after dark with starlight sensors and smart IR.' },
        { icon: LuSmartphone, title: 'Mobile Viewing', text: 'Live and recorded video on your phone, tablet or computer.' },
        { icon: LuZap, title: 'Smart Motion Alerts', text: 'People and vehicle detection means fewer false alerts.' },
        { icon: LuCloud, title: 'Cloud and Local Storage', text: 'Recordings on an on-site recorder with a cloud backup.' },
        { icon: LuSun, title: 'Weatherproof', text: 'IP67 housings built for winters, storms and summer heat.' },
      ],
    },
    {
      kind: 'packages',
      id: 'camera-packages',
      eyebrow: 'Packages',
      title: 'Camera Packages',
      intro: 'Installed, configured and covered by our 5-year equipment warranty.',
      items: [
        { name: 'Starter', price: '$299', unit: 'installed', summary: '2 cameras for a front door and driveway.', features: ['2 4K cameras', 'Mobile app setup', 'Motion alerts', 'Professional installation'] },
        { name: 'Standard', price: '$799', unit: 'installed', summary: '4 cameras covering every entrance.', features: ['4 4K cameras', 'Network video recorder', 'Color night vision', 'Cloud backup', 'Professional installation'], popular: true },
        { name: 'Premium', price: '$1,499', unit: 'installed', summary: '8 cameras for complete perimeter coverage.', features: ['8 4K cameras', '8-channel recorder', 'AI people and vehicle detection', 'Cloud backup', 'Priority support'] },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Camera types',
      title: 'The Right Camera for Every Spot',
      columns: 4,
      items: [
        { icon: LuCctv, title: 'Dome Cameras', text: 'Discreet, vandal-resistant cameras for porches, lobbies and ceilings.' },
        { icon: LuCamera, title: 'Bullet Cameras', text: 'Long-range coverage for driveways, yards and parking lots.' },
        { icon: LuEye, title: 'PTZ Cameras', text: 'Pan, tilt and zoom to follow activity across large areas.' },
        { icon: LuBellRing, title: 'Doorbell Cameras', text: 'Head-to-toe view of visitors and packages with two-way talk.' },
      ],
    },
  ],
  quote: { title: 'Get Your Free Camera Quote', text: 'Tell us about your property and we will design the right camera layout, free of charge.' },
  closing: {
    title: 'See Every Corner of Your Property',
    text: 'Pair your cameras with alarms, smart locks and 24/7 monitoring for complete protection.',
    cta: 'Get My Free Quote',
    link: { label: 'Residential Security', to: '/residential-security' },
  },
};

/** /smart-home-automation */
export const SMART_HOME_PAGE: ServicePageContent = {
  serviceType: 'Smart Home Automation',
  imageKey: 'heroSmartHome',
  heroImage: BUILT_IN_HERO_IMAGES.heroSmartHome,
  eyebrow: 'Smart home automation',
  title: 'A Smarter, Safer Home, Controlled From One App',
  intro: 'Locks, lights, thermostats, cameras and sensors that work together, installed and configured by our technicians.',
  primaryCta: 'Get Smart Home Quote',
  secondaryCta: { label: 'See Packages', section: 'smart-home-packages' },
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
        { icon: LuLock, title: 'Smart Locks', text: 'Keyless entry, guest codes and auto-lock when you leave.' },
        { icon: LuLightbulb, title: 'Smart Lighting', text: 'Schedules, dimming and lights that follow you room to room.' },
        { icon: LuThermometer, title: 'Climate Control', text: 'Thermostats that learn your routine and save energy.' },
        { icon: LuMic, title: 'Voice Control', text: 'Works with the voice assistants you already use.' },
        { icon: LuWifi, title: 'Sensors', text: 'Leak, smoke, CO and motion sensors that alert you instantly.' },
        { icon: LuSmartphone, title: 'One App', text: 'Control and check everything from anywhere.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Automation scenes',
      title: 'Scenes That Run Your Home',
      columns: 4,
      items: [
        { icon: LuSun, title: 'Good Morning', text: 'Disarms the alarm, raises the heat and turns on the kitchen lights.' },
        { icon: LuShieldCheck, title: 'Away', text: 'Locks every door, arms the system and turns off the lights.' },
        { icon: LuMoon, title: 'Good Night', text: 'Locks up, arms perimeter sensors and dims the hallway.' },
        { icon: LuHouse, title: 'Welcome Home', text: 'Unlocks the door, disarms and lights the entry when you arrive.' },
      ],
    },
    {
      kind: 'packages',
      id: 'smart-home-packages',
      eyebrow: 'Packages',
      title: 'Smart Home Packages',
      items: [
        { name: 'Essentials', price: '$499', unit: 'installed', summary: '5 devices to get started.', features: ['5 smart devices', 'Smart hub', 'App setup', 'Professional installation'] },
        { name: 'Complete', price: '$1,299', unit: 'installed', summary: '12 devices for the whole home.', features: ['12 smart devices', 'Smart hub', '4 automation scenes', 'Voice assistant setup', 'Professional installation'], popular: true },
        { name: 'Ultimate', price: '$2,999', unit: 'installed', summary: '25+ devices, fully automated.', features: ['25+ smart devices', 'Camera integration', 'Unlimited scenes', 'Energy monitoring', 'Priority support'] },
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

/** /building-video-intercom */
export const INTERCOM_PAGE: ServicePageContent = {
  serviceType: 'Building Video Intercom',
  imageKey: 'heroIntercom',
  heroImage: BUILT_IN_HERO_IMAGES.heroIntercom,
  eyebrow: 'Building video intercom',
  title: 'Video Intercom for Modern Buildings',
  intro: 'Let residents, staff and couriers in from any phone. Cloud-managed video entry for apartment buildings, offices and gated properties.',
  primaryCta: 'Get Intercom Quote',
  sections: [
    {
      kind: 'packages',
      eyebrow: 'Products',
      title: 'Intercom Products',
      items: [
        { name: 'Entry Panel Pro', price: '$1,299', unit: 'per panel', summary: 'Touchscreen directory panel for main entrances.', features: ['HD wide-angle camera', 'Searchable resident directory', 'Mobile app answering', 'Key card and PIN entry'], popular: true },
        { name: 'Entry Panel', price: '$899', unit: 'per panel', summary: 'Button panel for side doors and small buildings.', features: ['HD camera', 'Up to 24 call buttons', 'Mobile app answering', 'Weatherproof'] },
        { name: 'Indoor Monitor', price: '$449', unit: 'per unit', summary: 'In-unit video screen for residents.', features: ['7" touchscreen', 'One-touch door release', 'Call log with snapshots'] },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Features',
      title: 'Intercom Features',
      items: [
        { icon: LuSmartphone, title: 'Answer From Anywhere', text: 'Calls ring residents’ phones, with video, wherever they are.' },
        { icon: LuPackage, title: 'Delivery Access', text: 'Time-limited codes for couriers and package rooms.' },
        { icon: LuCloud, title: 'Cloud Directory', text: 'Update residents and credentials online, no site visit needed.' },
        { icon: LuFingerprint, title: 'Credentials', text: 'Key fobs, PINs and mobile credentials on the same panel.' },
        { icon: LuVideo, title: 'Video Log', text: 'Every entry recorded with a snapshot for the property manager.' },
        { icon: LuDoorOpen, title: 'Access Integration', text: 'Works with access control, elevators and gates.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Usage scenarios',
      title: 'Made for Every Building',
      columns: 3,
      items: [
        { icon: LuBuilding, title: 'Apartment Buildings', text: 'Replace buzzers with video entry and online resident management.' },
        { icon: LuBuilding2, title: 'Office Buildings', text: 'Visitor entry at reception and after-hours access for staff.' },
        { icon: LuHouse, title: 'Gated Communities', text: 'Gate panels that call homeowners and log every visitor.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Installation case studies',
      title: 'Recent Intercom Installations',
      columns: 2,
      items: [
        { icon: LuBuilding, title: 'Astoria 48-Unit Apartment Building', text: 'Buzzer replaced by a touchscreen panel and mobile answering; fob management moved online.', points: ['48 units', '2 entrances and a package room', 'Installed in 3 days'] },
        { icon: LuBuilding2, title: 'Midtown Office Lobby', text: 'Visitor intercom at reception integrated with badge access on 6 floors.', points: ['200+ employees', 'Elevator integration', 'Installed over a weekend'] },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Management dashboard',
      title: 'One Dashboard for Every Door',
      columns: 3,
      items: [
        { icon: LuLayoutDashboard, title: 'Live Status', text: 'See every panel, door and call in real time.' },
        { icon: LuUsers, title: 'Residents and Credentials', text: 'Add, move and remove residents in seconds.' },
        { icon: LuActivity, title: 'Entry Reports', text: 'Search entries by unit, time or credential and export them.' },
      ],
    },
    {
      kind: 'specs',
      eyebrow: 'Technical specifications',
      title: 'Technical Specifications',
      rows: [
        ['Camera', '2 MP wide-angle, WDR, IR night vision'],
        ['Display', '10" touchscreen (Entry Panel Pro)'],
        ['Network', 'PoE, Ethernet; LTE backup optional'],
        ['Credentials', 'Mobile, 13.56 MHz fobs and cards, PIN'],
        ['Rating', 'IP65 weatherproof, IK08 vandal-resistant'],
        ['Operating temperature', '-40 °F to 140 °F'],
      ],
    },
  ],
  quote: { title: 'Get Your Free Intercom Quote', text: 'Tell us about your building and entrances. We will contact you within 24 hours.' },
  closing: {
    title: 'Upgrade Your Building’s Entry',
    text: 'Residents and tenants notice the difference on day one.',
    cta: 'Get My Free Quote',
    link: { label: 'Business Security', to: '/business-security' },
  },
};

/** /security-monitoring */
export const MONITORING_PAGE: ServicePageContent = {
  serviceType: 'Security Monitoring',
  imageKey: 'servicesOverview',
  heroImage: '/images/heroes/heroMonitoring.svg',
  eyebrow: 'Security monitoring',
  title: '24/7 Professional Security Monitoring',
  intro: 'Trained operators watch your cameras and alarms around the clock and respond in under 30 seconds. No setup fees, cancel anytime.',
  primaryCta: 'Start Monitoring',
  secondaryCta: { label: 'See Plans', section: 'monitoring-plans' },
  sections: [
    {
      kind: 'packages',
      id: 'monitoring-plans',
      eyebrow: 'Monthly plans',
      title: 'Monitoring Plans',
      intro: 'Per site, per month.',
      items: [
        { name: 'Essential', price: '$299', unit: 'per site / month', summary: 'Up to 4 cameras.', features: ['Up to 4 cameras', 'Alarm verification', 'Police dispatch', 'Monthly report'] },
        { name: 'Professional', price: '$499', unit: 'per site / month', summary: 'Up to 8 cameras.', features: ['Up to 8 cameras', 'Live guard tours', 'Police, fire and medical dispatch', 'Open/close reports'], popular: true },
        { name: 'Enterprise', price: '$849', unit: 'per site / month', summary: 'Up to 16 cameras.', features: ['Up to 16 cameras', 'Dedicated operator team', 'Custom response plans', 'Weekly reports'] },
      ],
      footnotes: ['No setup fees', 'Cancel anytime', '30-day money-back guarantee', '10% off installations'],
    },
    {
      kind: 'cards',
      eyebrow: 'Services',
      title: 'Monitoring Services',
      items: [
        { icon: LuEye, title: 'Live Video Monitoring', text: 'Operators watch your cameras and talk down intruders through speakers.' },
        { icon: LuBell, title: 'Alarm Monitoring', text: 'Every alarm verified and dispatched, day and night.' },
        { icon: LuTimer, title: 'Virtual Guard Tours', text: 'Scheduled camera patrols with a written report.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Capabilities',
      title: 'What Our Command Center Can Do',
      columns: 4,
      items: [
        { icon: LuZap, title: 'Response Under 30 s', text: 'Average monitoring response of 13 seconds.' },
        { icon: LuActivity, title: '99.9% Uptime', text: 'Redundant sites, power and connections.' },
        { icon: LuMic, title: 'Talk-Down', text: 'Two-way audio to deter intruders before they enter.' },
        { icon: LuShieldCheck, title: 'UL Listed', text: 'Certified monitoring center and trained operators.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Industry challenges',
      title: 'Challenges and Solutions by Industry',
      columns: 3,
      items: [
        { icon: LuHardHat, title: 'Construction Sites', text: 'Theft of tools and copper after hours.', points: ['Solar camera towers', 'Talk-down deterrence', 'Police dispatch on verified intrusions'] },
        { icon: LuStore, title: 'Retail', text: 'Break-ins and after-hours loitering.', points: ['Open/close monitoring', 'Video-verified alarms', 'Keyholder calls'] },
        { icon: LuFactory, title: 'Warehouses', text: 'Large perimeters and loading docks.', points: ['Fence-line analytics', 'Guard tours', 'Incident reports for insurers'] },
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
  quote: { title: 'Start Your Monitoring Service', text: 'Tell us about your site. We will contact you within 24 hours to set up monitoring.' },
  closing: {
    title: 'Not Sure Which Service Fits?',
    text: 'Compare our residential, business, camera and smart home services side by side.',
    cta: 'Talk to an Expert',
    link: { label: 'Compare Services', to: '/compare-services' },
  },
};

/**
 * Seed inventory (staff-side.md §3 "inventory"): at least three items per category.
 * `unitPrice` is integer **cents**; items that mirror an AI-config component take their price from
 * ai-config.defaults.ts so the two defaults cannot disagree.
 */
import type { InventoryCategory } from '../../modules/inventory/index.js';
import {
  ADDITIONAL_COSTS_DEFAULTS as extra,
  COMPONENT_PRICING_DEFAULTS as price,
  dollarsToCents as cents,
} from '../../modules/quotes/index.js';

export interface InventorySeed {
  category: InventoryCategory;
  name: string;
  description: string;
  /** Integer cents. */
  unitPrice: number;
  isActive: boolean;
  specifications: Record<string, unknown>;
}

export const INVENTORY_SEED: readonly InventorySeed[] = [
  // ── cameras (Security Cameras) ──
  {
    category: 'cameras',
    name: '4K Turret IP Camera',
    description: '8 MP turret camera with smart IR and built-in microphone; the default camera of every quote.',
    unitPrice: cents(price.camera_unit_price),
    isActive: true,
    specifications: {
      resolution: '8MP (3840x2160)',
      lens: '2.8 mm fixed',
      fieldOfView: '105°',
      nightVision: '40 m smart IR',
      power: 'PoE (802.3af)',
      weatherRating: 'IP67',
      codec: 'H.265+',
      audio: 'built-in microphone',
    },
  },
  {
    category: 'cameras',
    name: '4K Bullet IP Camera (Varifocal)',
    description: '8 MP bullet camera with motorised varifocal lens for driveways, parking lots and long perimeters.',
    unitPrice: 32500,
    isActive: true,
    specifications: {
      resolution: '8MP (3840x2160)',
      lens: '2.8-12 mm motorised varifocal',
      fieldOfView: '32°-102°',
      nightVision: '60 m IR',
      power: 'PoE (802.3at)',
      weatherRating: 'IP67',
      codec: 'H.265+',
    },
  },
  {
    category: 'cameras',
    name: '4MP Vandal-Resistant Dome Camera',
    description: 'Low-profile dome for lobbies, hallways and retail floors where cameras can be reached.',
    unitPrice: 22500,
    isActive: true,
    specifications: {
      resolution: '4MP (2688x1520)',
      lens: '2.8 mm fixed',
      fieldOfView: '110°',
      nightVision: '30 m IR',
      power: 'PoE (802.3af)',
      weatherRating: 'IP67',
      vandalRating: 'IK10',
      codec: 'H.265+',
    },
  },
  {
    category: 'cameras',
    name: '4MP PTZ Camera (25x Optical Zoom)',
    description: 'Pan-tilt-zoom camera with auto-tracking for yards, loading docks and large open areas.',
    unitPrice: 145000,
    isActive: true,
    specifications: {
      resolution: '4MP (2560x1440)',
      opticalZoom: '25x',
      pan: '360° endless',
      tilt: '-15° to 90°',
      nightVision: '200 m IR',
      autoTracking: true,
      power: 'PoE++ (802.3bt)',
      weatherRating: 'IP66',
    },
  },
  {
    category: 'cameras',
    name: 'Video Doorbell Camera',
    description: 'Wired 2K doorbell camera with two-way talk and package detection.',
    unitPrice: 19900,
    isActive: true,
    specifications: {
      resolution: '2K (2560x1920)',
      fieldOfView: '160° diagonal (head-to-toe)',
      nightVision: 'colour night vision',
      power: '16-24 V AC doorbell wiring or PoE',
      audio: 'two-way',
      weatherRating: 'IP65',
    },
  },

  // ── nvr (NVR Systems) ──
  {
    category: 'nvr',
    name: '8-Channel PoE NVR (2 TB)',
    description: 'Network video recorder for up to 8 cameras with built-in PoE ports.',
    unitPrice: cents(price.nvr_8ch),
    isActive: true,
    specifications: {
      channels: 8,
      poePorts: 8,
      storage: '2 TB',
      driveBays: 1,
      maxStorage: '10 TB',
      maxCameraResolution: '12MP',
      recordingDays4k: 14,
      outputs: ['HDMI 4K', 'VGA'],
    },
  },
  {
    category: 'nvr',
    name: '16-Channel PoE NVR (4 TB)',
    description: 'Network video recorder for up to 16 cameras with built-in PoE ports.',
    unitPrice: cents(price.nvr_16ch),
    isActive: true,
    specifications: {
      channels: 16,
      poePorts: 16,
      storage: '4 TB',
      driveBays: 2,
      maxStorage: '20 TB',
      maxCameraResolution: '12MP',
      recordingDays4k: 14,
      outputs: ['HDMI 4K', 'VGA'],
    },
  },
  {
    category: 'nvr',
    name: '32-Channel NVR (8 TB, RAID)',
    description: 'Rack-mount recorder for up to 32 cameras with RAID 5 redundancy (PoE via external switches).',
    unitPrice: cents(price.nvr_32ch),
    isActive: true,
    specifications: {
      channels: 32,
      poePorts: 0,
      storage: '8 TB',
      driveBays: 4,
      maxStorage: '40 TB',
      raid: 'RAID 0/1/5/10',
      maxCameraResolution: '32MP',
      recordingDays4k: 21,
      formFactor: '1.5U rack',
    },
  },
  {
    category: 'nvr',
    name: '4 TB Surveillance Hard Drive',
    description: 'Additional surveillance-rated drive for longer retention.',
    unitPrice: 18000,
    isActive: true,
    specifications: { storage: '4 TB', interface: 'SATA 6 Gb/s', rpm: 5400, workloadRating: '180 TB/year', warrantyYears: 3 },
  },

  // ── installation (Installation & Infrastructure) ──
  {
    category: 'installation',
    name: 'Cat6 Wiring (per camera)',
    description: 'Cat6 cable run, conduit where exposed, terminations and testing for one camera.',
    unitPrice: cents(price.wiring_per_camera),
    isActive: true,
    specifications: {
      cable: 'Cat6 CMR, 23 AWG',
      averageRun: '150 ft',
      includes: ['conduit where exposed', 'RJ45 terminations', 'certification test'],
    },
  },
  {
    category: 'installation',
    name: 'Camera Installation (per camera)',
    description: 'Mounting, junction box, weather sealing and aiming of one camera.',
    unitPrice: cents(price.installation_per_camera),
    isActive: true,
    specifications: { includes: ['junction box', 'weather sealing', 'aiming and focus'], maxMountingHeight: '20 ft (lift extra above)' },
  },
  {
    category: 'installation',
    name: 'Installation Crew Day',
    description: 'One day of a two-technician installation crew with van and tools.',
    unitPrice: cents(price.installation_day_rate),
    isActive: true,
    specifications: { technicians: 2, hours: 8, includes: ['van and tools', 'ladders up to 24 ft', 'site clean-up'] },
  },
  {
    category: 'installation',
    name: 'Equipment Rack & Accessories',
    description: 'Wall-mount rack, patch panel, cable management and labelling, flat per system.',
    unitPrice: cents(price.rack_accessories),
    isActive: true,
    specifications: { rackSize: '9U wall-mount', includes: ['24-port Cat6 patch panel', 'cable management', 'labelling', 'power strip'] },
  },
  {
    category: 'installation',
    name: '16-Port PoE+ Switch',
    description: 'Managed gigabit PoE+ switch for systems beyond the NVR’s built-in ports.',
    unitPrice: 45000,
    isActive: true,
    specifications: { ports: 16, poeStandard: '802.3at (PoE+)', poeBudget: '250 W', uplinks: '2x SFP', managed: true },
  },
  {
    category: 'installation',
    name: 'UPS Battery Backup (1500 VA)',
    description: 'Line-interactive UPS keeping the recorder and cameras recording through power cuts.',
    unitPrice: 32000,
    isActive: true,
    specifications: { capacity: '1500 VA / 900 W', runtime: 'about 45 min at 8 cameras', outlets: 8, formFactor: '2U rack/tower' },
  },

  // ── features (Additional Features) ──
  {
    category: 'features',
    name: 'Access Control System (per door)',
    description: 'Card/fob reader, electric strike or mag-lock, door contact, REX and controller port for one door.',
    unitPrice: cents(extra.access_control_system.perDoor),
    isActive: true,
    specifications: {
      credentials: ['prox card', 'key fob', 'mobile'],
      lock: 'electric strike or mag-lock',
      includes: ['door contact', 'request-to-exit sensor', 'controller port'],
    },
  },
  {
    category: 'features',
    name: 'Video Intercom System (per door)',
    description: 'Video door station with app calling, indoor monitor and door release for one entrance.',
    unitPrice: cents(extra.video_intercom_system.perDoor),
    isActive: true,
    specifications: {
      camera: '2MP wide-angle',
      audio: 'two-way, echo cancelling',
      unlock: 'relay door release',
      apps: ['iOS', 'Android'],
      directory: 'up to 500 residents',
    },
  },
  {
    category: 'features',
    name: 'Professional Monitoring Setup (per camera)',
    description: 'One-time enrolment of a camera with the 24/7 monitoring centre (monthly fee billed separately).',
    unitPrice: cents(extra.professional_monitoring.setupPerCamera),
    isActive: true,
    specifications: {
      monthlyFeeCents: cents(extra.professional_monitoring.monthlyPerCamera),
      responseTime: 'under 30 s',
      coverage: '24/7/365',
    },
  },
  {
    category: 'features',
    name: 'Alarm System Integration',
    description: 'Connects an existing or new intrusion alarm panel to the camera system for video-verified alarms.',
    unitPrice: 65000,
    isActive: true,
    specifications: { panels: ['Honeywell/Resideo', 'DSC', 'Qolsys'], includes: ['zone-to-camera mapping', 'video verification'] },
  },

  // ── services (Professional Services) ──
  {
    category: 'services',
    name: 'Camera Programming & Configuration (per camera)',
    description: 'Recorder enrolment, recording schedule, motion/line-crossing zones and mobile app set-up for one camera.',
    unitPrice: cents(price.programming_per_camera),
    isActive: true,
    specifications: { includes: ['NVR enrolment', 'recording schedule', 'smart detection zones', 'mobile app access'] },
  },
  {
    category: 'services',
    name: 'On-Site Security Survey',
    description: 'Free walk-through by a licensed designer with a written camera-placement plan.',
    unitPrice: 0,
    isActive: true,
    specifications: { duration: '60-90 minutes', deliverable: 'camera placement plan and quote', note: 'free, no obligation' },
  },
  {
    category: 'services',
    name: 'Professional Monitoring (per camera, monthly)',
    description: 'Monthly 24/7 monitoring-centre fee per camera.',
    unitPrice: cents(extra.professional_monitoring.monthlyPerCamera),
    isActive: true,
    specifications: { billing: 'monthly', coverage: '24/7/365', responseTime: 'under 30 s' },
  },
  {
    category: 'services',
    name: 'Annual Maintenance Visit',
    description: 'Yearly cleaning, re-aiming, firmware updates and health check of the whole system.',
    unitPrice: 35000,
    isActive: true,
    specifications: {
      frequency: 'yearly',
      includes: ['lens cleaning', 're-aiming', 'firmware updates', 'drive health check', 'written report'],
    },
  },
];

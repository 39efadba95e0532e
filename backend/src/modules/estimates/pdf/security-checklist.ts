/**
 * The free 47-point security checklist (public-site.md §1 "47-point security checklist", §2
 * "Free-guide block"): its points, the PDF's HTML (Handlebars; `{{ }}` escapes every value) and
 * the email that carries it.
 */
import Handlebars from 'handlebars';
import type { CompanyFacts } from '@ironclad/contracts';
import type { RenderedEmail } from '../../messaging/index.js';

/** The checklist's sections and points, in the order a walk-through takes them. */
export const SECURITY_CHECKLIST: readonly { title: string; points: readonly string[] }[] = [
  {
    title: 'Doors and entry points',
    points: [
      'Every exterior door is solid-core wood, metal or fibreglass, not hollow-core.',
      'Each exterior door has a Grade 1 or Grade 2 deadbolt with at least a 1-inch throw.',
      'Strike plates are fixed with 3-inch screws that reach the wall framing.',
      'Door frames show no splits, rot or gaps a pry bar could use.',
      'Sliding doors have a bar or pin lock and anti-lift blocks.',
      'The garage door stays closed and its emergency release is shielded against a coat hanger.',
      'The door from the garage into the house is as strong and as locked as the front door.',
      'You can see who is at the door (viewer, sidelight or video doorbell) without opening it.',
    ],
  },
  {
    title: 'Windows',
    points: [
      'Every ground-floor window locks, and the locks are used.',
      'Windows reachable from a roof, deck or fence are locked or secured like ground-floor ones.',
      'Window air-conditioner units are fixed so they cannot be pushed in.',
      'Basement windows have locks, security film or grilles with a quick-release inside.',
      'Glass next to a door lock is laminated or filmed, or the lock needs a key inside.',
      'Valuables are not visible through windows from the street.',
    ],
  },
  {
    title: 'Lighting and landscaping',
    points: [
      'Every entrance has a light, on a timer, dusk-to-dawn sensor or motion sensor.',
      'Side yards, driveways and the back of the building are lit at night.',
      'Shrubs near doors and windows are trimmed below the sills.',
      'Tree branches do not give a way up to upper windows or the roof.',
      'Ladders and tools are locked away, not left outside.',
      'The house or suite number is lit and readable from the street for emergency services.',
    ],
  },
  {
    title: 'Cameras and recording',
    points: [
      'Cameras cover every entrance, including side and back doors.',
      'A camera sees faces at the front door from about head height, not only the tops of heads.',
      'Driveway and parking cameras can read a licence plate (4K or a dedicated plate camera).',
      'Cameras see at night (infrared or colour night vision) and were checked after dark.',
      'Cameras are out of easy reach, or in vandal-resistant housings.',
      'The recorder keeps at least 30 days and sits in a locked, ventilated place.',
      'Footage is backed up off site or to the cloud, so a stolen recorder is not the only copy.',
      'You have checked that you can find and export a clip from last week.',
    ],
  },
  {
    title: 'Alarm and monitoring',
    points: [
      'Every exterior door and ground-floor window has a contact sensor.',
      'Motion sensors cover the main routes through the building.',
      'The alarm is professionally monitored 24/7, with a call list that is up to date.',
      'Smoke, heat and carbon-monoxide detectors are on the same monitoring.',
      'The alarm has a cellular backup in case the internet or phone line is cut.',
      'The alarm was tested with the monitoring centre in the last 12 months.',
    ],
  },
  {
    title: 'Access control and keys',
    points: [
      'You know who holds every key, fob and code; lost ones are removed at once.',
      'Former employees, tenants or contractors no longer have keys or codes.',
      'Alarm and door codes are not birthdays, addresses or 1234, and change when staff change.',
      'Spare keys are not hidden outside (under mats, planters or fake rocks).',
      'Businesses: the access-control log is reviewed for doors opened out of hours.',
    ],
  },
  {
    title: 'Network and smart devices',
    points: [
      'Cameras, recorder and smart devices no longer use their default passwords.',
      'Device firmware and apps are up to date.',
      'Cameras and smart devices are on a separate or guest Wi-Fi network.',
      'Two-factor sign-in is on for the camera, alarm and smart-home apps.',
      'The router has a strong admin password and remote administration turned off.',
    ],
  },
  {
    title: 'Habits and emergency plan',
    points: [
      'Mail and deliveries are held or collected while you are away.',
      'Everyone in the home or business knows how to arm and disarm the system and call for help.',
      'Emergency numbers, including our 24/7 line, are saved in every phone.',
    ],
  },
];

const TEMPLATE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The 47-Point Home &amp; Business Security Checklist — {{company.name}}</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1a202c; font-size: 10.5pt; margin: 0; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; border-bottom: 3px solid #1e3a8a; padding-bottom: 10px; }
  .brand { font-size: 18pt; font-weight: bold; color: #1e3a8a; }
  .muted { color: #4a5568; }
  /* A phone number never breaks over two lines. */
  .tel { white-space: nowrap; }
  h1 { font-size: 16pt; margin: 16px 0 4px; }
  h2 { font-size: 12pt; color: #1e3a8a; margin: 16px 0 6px; border-bottom: 1px solid #cbd5e0; padding-bottom: 3px; break-after: avoid; }
  ol { margin: 0; padding-left: 0; list-style: none; }
  li { display: flex; gap: 8px; padding: 3px 0; break-inside: avoid; }
  .box { flex: none; width: 11px; height: 11px; border: 1.5px solid #1e3a8a; margin-top: 3px; }
  .n { flex: none; width: 22px; color: #4a5568; text-align: right; }
  footer { margin-top: 22px; border-top: 1px solid #cbd5e0; padding-top: 8px; font-size: 9pt; }
</style>
</head>
<body>
<header>
  <div>
    <div class="brand">{{company.name}}</div>
    <div class="muted">{{address}}</div>
  </div>
  <div style="text-align:right; flex-shrink:0">
    <div><strong>Phone:</strong> <span class="tel">{{company.phone}}</span></div>
    <div><strong>24/7 emergency:</strong> <span class="tel">{{company.emergencyPhone}}</span></div>
    <div><strong>Email:</strong> {{company.email}}</div>
  </div>
</header>

<h1>The 47-Point Home &amp; Business Security Checklist</h1>
<p class="muted">Walk your property with this list, as our installers do on a site survey. Tick each point that holds; each open box is worth fixing.</p>

{{#each sections}}
<h2>{{title}}</h2>
<ol>
  {{#each points}}<li><span class="box"></span><span class="n">{{number}}.</span><span>{{text}}</span></li>{{/each}}
</ol>
{{/each}}

<footer>
  <p><strong>Want a professional to check it with you?</strong> Book a free on-site assessment: call <span class="tel">{{company.phone}}</span> ({{hours}}) or email {{company.email}}. For an emergency, call <span class="tel">{{company.emergencyPhone}}</span>, day or night.</p>
</footer>
</body>
</html>`;

const render = Handlebars.compile(TEMPLATE, { strict: true });

/** The number of points (the "47" of the guide's name), counted from the list itself. */
export const CHECKLIST_POINT_COUNT = SECURITY_CHECKLIST.reduce((n, s) => n + s.points.length, 0);

/** The checklist PDF's HTML (a complete page for Chromium to print), with the company's contact facts. */
export function renderChecklistHtml(company: CompanyFacts): string {
  const a = company.address;
  let number = 0;
  return render({
    company,
    address: `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`,
    hours: company.officeHours.map((h) => `${h.days} ${h.hours}`).join('; '),
    sections: SECURITY_CHECKLIST.map((s) => ({ title: s.title, points: s.points.map((text) => ({ number: ++number, text })) })),
  });
}

/** File name of the checklist PDF attachment. */
export const CHECKLIST_FILENAME = '47-point-security-checklist.pdf';

/** The email that carries the checklist (plain text). */
export function renderChecklistEmail(company: CompanyFacts): RenderedEmail {
  return {
    template: 'free_guide',
    subject: `Your free 47-point security checklist — ${company.name}`,
    text: [
      'Hello,',
      '',
      'Thank you for asking for our free guide. The 47-Point Home & Business Security Checklist is attached (PDF).',
      '',
      'Walk your property with it; each unticked point is worth fixing. If you would like one of our licensed technicians to go through it with you, a site assessment is free.',
      '',
      `Call ${company.phone} or reply to ${company.email}. Emergencies: ${company.emergencyPhone}, 24/7.`,
      '',
      'You are receiving this email because you asked for the guide on our website. We send nothing else unless you ask.',
      '',
      company.name,
    ].join('\n'),
  };
}

/**
 * The default email templates (staff-side.md §9: welcome, follow-up, proposal), Handlebars
 * sources with the variables of TEMPLATE_VARIABLES (contracts). Staff may edit them.
 */
export interface EmailTemplateSeed {
  name: string;
  subject: string;
  content: string;
  category: string;
  isDefault: boolean;
}

const greeting = 'Hi {{#if firstName}}{{firstName}}{{else}}there{{/if}},';
const signature = `Best regards,
The {{companyName}} team
{{companyPhone}} · {{companyEmail}}`;

export const EMAIL_TEMPLATES_SEED: readonly EmailTemplateSeed[] = [
  {
    name: 'welcome',
    category: 'onboarding',
    isDefault: true,
    subject: 'Welcome to {{companyName}}{{#if firstName}}, {{firstName}}{{/if}}',
    content: `${greeting}

Thank you for your interest in {{companyName}}. We design and install security cameras, access control and smart security systems for homes and businesses across New York.

A specialist will call you{{#if phone}} at {{phone}}{{/if}} within one business day to talk through your project{{#if company}} at {{company}}{{/if}}. If you would like to talk sooner, call us at {{companyPhone}}.

${signature}`,
  },
  {
    name: 'follow-up',
    category: 'follow-up',
    isDefault: true,
    subject: 'Following up on your security project',
    content: `${greeting}

We wanted to follow up on your security project{{#if company}} for {{company}}{{/if}}. Your current estimate is {{estimate}}.

Do you have any questions, or would you like to schedule a free on-site assessment? Reply to this email or call us at {{companyPhone}}.

${signature}`,
  },
  {
    name: 'proposal',
    category: 'sales',
    isDefault: true,
    subject: 'Your security system proposal from {{companyName}}',
    content: `${greeting}

Here is a summary of the proposal we prepared{{#if company}} for {{company}}{{/if}}:

Total project estimate: {{estimate}}
Payment plan: 10% deposit, 40% at design approval, 30% when wiring is complete, 20% at project completion.

The proposal includes professional installation, configuration and training. To go ahead or to adjust the design, reply to this email or call us at {{companyPhone}}.

${signature}`,
  },
];

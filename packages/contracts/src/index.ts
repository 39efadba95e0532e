export * from './text.js';
export * from './contact.js';
export * from './lead.js';
export * from './content.js';
export * from './queues.js';
export * from './realtime.js';
export * from './errors.js';
export * from './calculator.js';

/**
 * The home page contact form: the `home` variant of the shared contact form
 * (`./contact-form.tsx`, public-site.md §3, §4, §5, §8).
 */
export { HomeContactForm } from './contact-form';

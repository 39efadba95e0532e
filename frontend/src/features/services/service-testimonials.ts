/**
 * Built-in testimonials of the residential and business pages (two each, public-site.md §2),
 * the seed's non-featured testimonials of those categories; the API's replace them once loaded.
 */
export interface ServiceTestimonial {
  name: string;
  role: string;
  quote: string;
  image: string;
}

export const SERVICE_PAGE_TESTIMONIALS: Record<'residential' | 'business', ServiceTestimonial[]> = {
  residential: [
    {
      name: 'Robert and Linda Martinez',
      role: 'Homeowners, White Plains, NY',
      quote:
        'From the free site survey to the final walkthrough, everything was on time and on budget. The monitoring team called us ' +
        'within seconds when our alarm went off at 2 a.m. — it was a raccoon, but it is good to know they are there.',
      image: '/images/testimonials/robert-linda-martinez.svg',
    },
    {
      name: 'Priya Patel',
      role: 'Homeowner, Park Slope, Brooklyn',
      quote:
        'We live in a brownstone and I was worried about drilling into the facade. They hid every cable and the video doorbell ' +
        'looks like it came with the house. Package thefts on our stoop have stopped completely.',
      image: '/images/testimonials/priya-patel.svg',
    },
  ],
  business: [
    {
      name: 'Emily Rodriguez',
      role: 'Property Manager, Astoria, Queens',
      quote:
        'Replacing our old buzzer with video intercom was the best upgrade we have made. Residents let couriers in from their phones, ' +
        'and I manage fobs online instead of calling a locksmith.',
      image: '/images/testimonials/emily-rodriguez.svg',
    },
    {
      name: 'James Wilson',
      role: 'Owner, Bronx, NY',
      quote:
        'Shrinkage was eating our margins. Ironclad put cameras on every aisle and the register, and the point-of-sale overlay ' +
        'settled two refund disputes in the first month. Professional, licensed and fast.',
      image: '/images/testimonials/james-wilson.svg',
    },
  ],
};

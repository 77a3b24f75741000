/** Home page texts (spec 01 §2 "Home"), English. Keys mirror ru/home.ts. */
export default {
  meta: {
    title: 'Almaty Business Center — class A offices for rent and sale',
    description:
      'Offices, retail space, warehouses and coworking for rent or sale in a class A business centre in Almaty. Leases from 1 month, parking for 500+ cars.',
    keywords: 'office rent Almaty, class A business centre, commercial real estate, retail space, warehouses, coworking',
  },
  hero: {
    eyebrow: 'Class A business centre in Almaty',
    title: 'Offices and commercial space for your business',
    subtitle:
      'Offices, retail space, warehouses and coworking for rent or sale. We find premises that fit your goals and budget and guide the deal all the way to signing.',
    formLabel: 'Property search',
    typeLabel: 'Property type',
    typeAll: 'Any type',
    types: {
      office: 'Office',
      retail: 'Retail space',
      warehouse: 'Warehouse',
      coworking: 'Coworking',
    },
    queryLabel: 'Keywords',
    queryPlaceholder: 'Name, address or district',
    submit: 'Search',
    points: {
      rent: 'Leases from 1 month',
      parking: 'Parking for 500+ cars',
      security: '24/7 security and access control',
    },
  },
  stats: {
    title: 'The business centre in numbers',
    properties: { value: '150+', label: 'properties in the catalogue' },
    clients: { value: '500+', label: 'satisfied clients' },
    partners: { value: '500+', label: 'partners' },
    years: { value: '15', label: 'years on the market' },
  },
  featured: {
    title: 'Featured properties',
    subtitle: 'The best offers, hand-picked by our brokers',
    loading: 'Loading properties...',
    empty: 'New offers are coming soon. In the meantime, have a look at the catalogue.',
    viewAll: 'View the whole catalogue',
  },
  about: {
    eyebrow: 'About the business centre',
    title: 'A place for your business to grow',
    text: 'A modern class A business centre in the business district of Almaty, open since 2015. Panoramic mountain views, well-planned amenities and a professional management company make it easy to work and to welcome clients.',
    text2:
      'We help companies find an office, retail space or a warehouse and support the deal from the first viewing to the signed contract.',
    facts: {
      class: { value: 'A', label: 'building class' },
      floors: { value: '25', label: 'floors' },
      area: { value: '120,000 m²', label: 'total area' },
      lifts: { value: '12', label: 'high-speed lifts' },
    },
    more: 'Learn more',
  },
  infrastructure: {
    title: 'Amenities',
    subtitle: 'Everything you need for work and leisure, in the building and within walking distance',
    items: {
      banks: { label: 'Banks', text: 'Branches and ATMs of leading banks' },
      restaurants: { label: 'Restaurants', text: 'Business lunches and dinners' },
      coffee: { label: 'Coffee shops', text: 'Coffee to go and a place to meet' },
      fitness: { label: 'Fitness', text: 'Gym and group classes' },
      medical: { label: 'Medical care', text: 'Clinic, pharmacy and first aid' },
      shopping: { label: 'Shopping', text: 'Supermarket and everyday goods' },
      business: { label: 'Business services', text: 'Meeting rooms, printing and couriers' },
      education: { label: 'Education', text: 'Training centres and conference halls' },
    },
  },
  partners: {
    title: 'Business centre partners',
    text: 'Banks, restaurants, fitness clubs and services located in the building and nearby. Tenants enjoy special terms and discounts.',
    link: 'All partners',
  },
  testimonials: {
    title: 'Client testimonials',
    subtitle: 'What companies already working in our business centre say',
    rating: 'Rated {{value}} out of {{max}}',
    items: {
      saparova: {
        name: 'Aigerim Saparova',
        initials: 'AS',
        position: 'Chief Executive Officer',
        company: 'Steppe Digital LLP',
        text: 'We moved into our new office within two weeks: the broker found three options within our budget and helped us agree the layout and the lease terms. The team loved the mountain view straight away.',
      },
      kovalev: {
        name: 'Dmitry Kovalev',
        initials: 'DK',
        position: 'Managing Partner',
        company: 'Kovalev & Partners Law Firm',
        text: 'A prestigious address and convenience for our clients matter to us. Secure parking, meeting rooms and a café in the building make every meeting effortless.',
      },
      li: {
        name: 'Li Wei',
        initials: 'LW',
        position: 'Regional Director',
        company: 'Silk Road Logistics',
        text: 'We leased a warehouse and an office through one agency. Everything was transparent: a clear contract, a fixed rate and quick answers to any question.',
      },
    },
  },
  faq: {
    title: 'Frequently asked questions',
    subtitle: 'The essentials in brief. Did not find an answer? Get in touch.',
    more: 'All questions and answers',
    items: {
      documents: {
        question: 'Which documents do I need to sign a lease?',
        answer:
          'Legal entities provide a certificate of state registration, the articles of association, the document appointing the director and the company details; sole proprietors provide an ID card and the notice of commencement of business. A deposit of 2-3 monthly payments is paid when the lease is signed.',
      },
      parking: {
        question: 'Is there parking for tenants and visitors?',
        answer:
          'Yes. The business centre has parking for 500+ cars: tenants can reserve dedicated spaces, and there is a visitor car park for guests.',
      },
      shortTerm: {
        question: 'Can I rent premises for a short term?',
        answer: 'Yes, leases start from 1 month. For maximum flexibility, choose coworking with ready-to-use desks and meeting rooms.',
      },
      utilities: {
        question: 'Are utilities included in the rent?',
        answer:
          'It depends on the property: the rate usually covers service charges, security and cleaning of common areas, while electricity is billed by meter. The exact terms are stated on the property page and in the lease.',
      },
      renovation: {
        question: 'Can I renovate or change the layout?',
        answer:
          'Yes, with the approval of the owner and the management company. We will help you get the project approved and record the scope and timing of the works in the lease.',
      },
      infrastructure: {
        question: 'What amenities does the business centre offer?',
        answer:
          'Banks, restaurants and coffee shops, a fitness club, a medical centre, shops, conference halls, 24/7 security and 12 high-speed lifts. See the business centre page for details.',
      },
    },
  },
};
